import { describe, expect, it } from 'vitest';
import { diffFlows } from '../diff/flowDiff.js';
import { serializeFlow } from '../format/serializeFlow.js';
import { emptyFlow } from '../graph/fromProvider.js';
import { addNode } from '../graph/addNode.js';
import { createFunctionData } from '../graph/nodeData.js';
import type { FlowDocument } from '../format/types.js';
import { maskSecretPair, moveSecretsToEnv, plainSecretPaths, redactTokens, resolveSecrets } from './secretPolicy.js';

function flowWithSecrets(): FlowDocument {
  const gpt = createFunctionData('custom_gpt', { uuid: 'gpt', planId: 'p', name: 'Ask model', metadata: { api_key: { key: 'sk-123' } } });
  const http = createFunctionData('http_calls', {
    uuid: 'http',
    planId: 'p',
    name: 'Call API',
    metadata: {
      apicalls: [
        {
          method: 'GET',
          url: 'https://example.com',
          params: [],
          authorization: 'bearer',
          headers: [
            { name: 'Authorization', value: 'Bearer abc' },
            { name: 'Accept', value: 'application/json' },
            { name: 'X-Api-Key', value: '{{api_key}}' },
          ],
          body: { raw: { data: '' } },
          output: { json: [] },
        },
      ],
    },
  });
  let doc = emptyFlow('p', 'production');
  doc = addNode(doc, { type: 'function', data: gpt }, { currentChain: '0', newChain: true, id: 'gpt' }).doc;
  doc = addNode(doc, { type: 'function', data: http }, { currentChain: '1', id: 'http' }).doc;
  return doc;
}

describe('moveSecretsToEnv', () => {
  it('moves api keys and credential headers into env references, leaving placeholders', () => {
    const { doc, moved } = moveSecretsToEnv(flowWithSecrets());
    expect(moved.map((m) => m.env)).toEqual(['FLOW_ASK_MODEL_API_KEY', 'FLOW_CALL_API_AUTHORIZATION']);
    const text = serializeFlow(doc);
    expect(text).not.toContain('sk-123');
    expect(text).not.toContain('Bearer abc');
    expect(text).toContain('{{api_key}}');
    expect(text).toContain('application/json');
  });

  it('is stable: redacting twice changes nothing more, and the input is not touched', () => {
    const input = flowWithSecrets();
    const before = serializeFlow(input);
    const once = moveSecretsToEnv(input);
    const twice = moveSecretsToEnv(once.doc);
    expect(twice.moved).toEqual([]);
    expect(serializeFlow(twice.doc)).toBe(serializeFlow(once.doc));
    expect(serializeFlow(input)).toBe(before);
  });

  it('gives two nodes of the same name different variables', () => {
    const doc = flowWithSecrets();
    const renamed = { ...doc, nodes: doc.nodes.map((n) => (n.type === 'function' ? { ...n, data: { ...n.data, name: 'Same' } } : n)) };
    const gpt = renamed.nodes[0];
    if (gpt?.type !== 'function') throw new Error('fixture');
    const twoKeys: FlowDocument = {
      ...renamed,
      nodes: renamed.nodes.map((n) =>
        n.type === 'function' ? { ...n, data: { ...n.data, metadata: { ...n.data.metadata, api_key: { key: `k-${n.id}` } } } } : n,
      ),
    };
    expect(moveSecretsToEnv(twoKeys).moved.map((m) => m.env)).toEqual([
      'FLOW_SAME_API_KEY',
      'FLOW_SAME_API_KEY_2',
      'FLOW_SAME_AUTHORIZATION',
    ]);
  });
});

describe('resolveSecrets', () => {
  it('reads references back from the environment: api_key as { key }, headers as text', () => {
    const { doc } = moveSecretsToEnv(flowWithSecrets());
    const { doc: resolved, missing } = resolveSecrets(doc, { FLOW_ASK_MODEL_API_KEY: 'sk-999', FLOW_CALL_API_AUTHORIZATION: 'Bearer xyz' });
    expect(missing).toEqual([]);
    expect(serializeFlow(resolved)).toContain('"key": "sk-999"');
    expect(serializeFlow(resolved)).toContain('"value": "Bearer xyz"');
  });

  it('lists the variables that are not set and keeps their references', () => {
    const { doc } = moveSecretsToEnv(flowWithSecrets());
    const { doc: resolved, missing } = resolveSecrets(doc, {});
    expect(missing.map((m) => m.env)).toEqual(['FLOW_ASK_MODEL_API_KEY', 'FLOW_CALL_API_AUTHORIZATION']);
    expect(serializeFlow(resolved)).toBe(serializeFlow(doc));
  });
});

describe('bearer tokens of HTTP calls', () => {
  function flowWithToken(token: { key: string } | { env: string }): FlowDocument {
    const http = createFunctionData('http_calls', {
      uuid: 'http',
      planId: 'p',
      name: 'Call API',
      metadata: {
        apicalls: [
          {
            method: 'GET',
            url: 'https://example.com',
            params: [],
            authorization: 'bearer',
            bearer_token: token,
            headers: [],
            body: { raw: { data: '' } },
            output: { json: [] },
          },
        ],
      },
    });
    return addNode(emptyFlow('p', 'production'), { type: 'function', data: http }, { currentChain: '0', newChain: true, id: 'http' }).doc;
  }

  it('moves a plain bearer token into an env reference and reads it back as { key }', () => {
    const { doc, moved } = moveSecretsToEnv(flowWithToken({ key: 'tok-secret-1' }));
    expect(moved.map((m) => m.env)).toEqual(['FLOW_CALL_API_BEARER_TOKEN']);
    expect(serializeFlow(doc)).not.toContain('tok-secret-1');
    const { doc: resolved, missing } = resolveSecrets(doc, { FLOW_CALL_API_BEARER_TOKEN: 'tok-2' });
    expect(missing).toEqual([]);
    expect(serializeFlow(resolved)).toContain('"bearer_token": {\n');
    expect(serializeFlow(resolved)).toContain('"key": "tok-2"');
  });

  it('lists an unset bearer token variable as missing', () => {
    const { missing } = resolveSecrets(flowWithToken({ env: 'API_TOKEN' }), {});
    expect(missing.map((m) => m.env)).toEqual(['API_TOKEN']);
  });
});

describe('plainSecretPaths', () => {
  it('names each plain secret by its JSON path, and none once they are references', () => {
    const doc = flowWithSecrets();
    expect(plainSecretPaths(doc)).toEqual(['$.nodes[0].data.metadata.api_key', '$.nodes[1].data.metadata.apicalls[0].headers[0].value']);
    expect(plainSecretPaths(moveSecretsToEnv(doc).doc)).toEqual([]);
  });
});

describe('maskSecretPair', () => {
  it('lets a diff show that a key changed without showing either key', () => {
    const before = flowWithSecrets();
    const after = resolveSecrets(moveSecretsToEnv(before).doc, {
      FLOW_ASK_MODEL_API_KEY: 'sk-456',
      FLOW_CALL_API_AUTHORIZATION: 'Bearer abc',
    }).doc;
    const diff = diffFlows(...maskSecretPair(before, after));
    const text = JSON.stringify(diff);
    expect(text).not.toContain('sk-123');
    expect(text).not.toContain('sk-456');
    expect(text).not.toContain('abc');
    expect(diff.nodes.changed).toEqual([
      expect.objectContaining({ id: 'gpt', fields: [{ field: 'data.metadata.api_key.key', before: '(secret 1)', after: '(secret 3)' }] }),
    ]);
  });

  it('masks equal keys alike, so equal flows stay equal', () => {
    const doc = flowWithSecrets();
    expect(diffFlows(...maskSecretPair(doc, structuredClone(doc))).same).toBe(true);
  });
});

describe('redactTokens', () => {
  it('replaces the exact token, never a part of a longer word', () => {
    expect(redactTokens('sekret-token-4242 at /p/sekret-token-4242/x', ['sekret-token-4242'])).toBe('*** at /p/***/x');
    expect(redactTokens('not-sekret-token-42420', ['sekret-token-4242'])).toBe('not-sekret-token-42420');
  });

  it('replaces a short token only where it is used as a credential', () => {
    const text = 'error: a plan named "a" was not found (Bearer a, --token a, FLOW_TOKEN=a)';
    expect(redactTokens(text, ['a'])).toBe('error: a plan named "a" was not found (Bearer ***, --token ***, FLOW_TOKEN=***)');
  });
});
