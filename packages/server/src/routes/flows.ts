import { checkFlowShape, flowInvariantFindings, serializeFlow, type FlowDocument, type Finding } from '@flow/core';
import { BODY_LIMITS, readJson } from '../http/body.js';
import { HttpError } from '../http/HttpError.js';
import { matchesNoneMatch, sendBody, sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import type { Services } from '../services.js';

const FLOW_TYPE = 'application/json; charset=utf-8';
const texts = new WeakMap<FlowDocument, string>();

function canonicalText(doc: FlowDocument): string {
  let text = texts.get(doc);
  if (text === undefined) {
    text = serializeFlow(doc);
    texts.set(doc, text);
  }
  return text;
}

/** True when an `If-Match` header allows a write over the version `etag` (absent or `*`: always). */
export function ifMatchAllows(header: string | undefined, etag: string): boolean {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });
}

/** An empty flow or an unlinked node are states the editor passes through, so storing them is not refused. */
const blocksSave = (finding: Finding): boolean => finding.severity === 'error' && finding.code !== 'incomplete';

function invalid(errors: Finding[]): HttpError {
  return new HttpError(422, 'INVALID_FLOW', `The flow is not valid: ${errors[0]?.message ?? 'wrong shape'}`, { extra: { findings: errors } });
}

/**
 * The checked document of a PUT body, as validateFlow checks it (the schema, then every invariant),
 * in two steps so the typed document comes out of the first: 422 with the findings when not valid.
 */
function flowFromBody(body: unknown): { doc: FlowDocument; findings: Finding[] } {
  const shape = checkFlowShape(body);
  if (!shape.ok) throw invalid(shape.findings);
  const findings = flowInvariantFindings(shape.doc);
  const errors = findings.filter(blocksSave);
  if (errors.length > 0) throw invalid(errors);
  return { doc: shape.doc, findings: findings.filter((f) => !blocksSave(f)) };
}

/** GET/PUT /api/flows/{planId}/{versionName} (whole documents, ETag and If-Match) and GET /api/plans. */
export function flowRoutes(services: Services): Route[] {
  const pattern = '/api/flows/:planId/:versionName';
  return [
    {
      method: 'GET',
      pattern,
      async handler({ req, res, params }) {
        const stored = await services.flows.readValid(param(params, 'planId'), param(params, 'versionName'));
        const headers = { ETag: stored.etag, 'Cache-Control': 'no-cache' };
        if (matchesNoneMatch(req.headers['if-none-match'], stored.etag)) {
          res.writeHead(304, headers);
          res.end();
          return;
        }
        sendBody(res, 200, FLOW_TYPE, canonicalText(stored.doc), headers);
      },
    },
    {
      method: 'PUT',
      pattern,
      async handler({ req, res, params }) {
        const { doc, findings } = flowFromBody(await readJson(req, BODY_LIMITS.flow));
        const ifMatch = req.headers['if-match'];
        const saved = await services.flows.update(param(params, 'planId'), param(params, 'versionName'), (current) => {
          if (!ifMatchAllows(ifMatch, current.etag)) {
            throw new HttpError(412, 'PRECONDITION_FAILED', 'The flow was changed since it was loaded: reload it before saving', {
              headers: { ETag: current.etag },
            });
          }
          return doc;
        });
        sendJson(res, 200, { etag: saved.etag, findings }, { ETag: saved.etag });
      },
    },
    {
      method: 'GET',
      pattern: '/api/plans',
      async handler({ res }) {
        sendJson(res, 200, await services.flows.listPlans());
      },
    },
  ];
}
