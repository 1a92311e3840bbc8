import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFlow, serializeFlow, type FlowDocument, type FlowNode } from '@flow/core';
import { REPO } from './helpers/build.js';
import { removeTempDirs, tempDir, withName } from './helpers/flows.js';
import { runCli } from './helpers/runCli.js';

const GOLDEN = new URL('./golden/diff/', import.meta.url);

function example(name: string): FlowDocument {
  const parsed = parseFlow(readFileSync(join(REPO, 'examples', name, 'production.flow.json'), 'utf8'));
  if (!parsed.ok) throw new Error(`examples/${name} does not parse`);
  return parsed.doc;
}

const rename = (doc: FlowDocument, names: Readonly<Record<string, string>>): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((n) => (Object.hasOwn(names, n.id) ? withName(n, names[n.id] ?? '') : n)),
});

/** A plain key (not a reference) in the lead scorer's metadata. */
const withKey = (doc: FlowDocument, key: string): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((n): FlowNode =>
    n.type === 'function' && n.id === 'lead-score' ? { ...n, data: { ...n.data, metadata: { ...n.data.metadata, api_key: { key } } } } : n,
  ),
});

/** Names no diagram may choke on: quotes, brackets, Mermaid keywords and comments, HTML, emoji, line breaks. */
export const HOSTILE_NAMES: Readonly<Record<string, string>> = {
  'onboard-welcome': 'He said "hi" [x] {y} (z) <b>',
  'onboard-setup-tour': '<script>alert(1)</script>',
  'onboard-read-docs': 'end',
  'onboard-read-screenshot': '%% not a comment ;',
  'onboard-plan-week': '🚀 launch | pipe `tick` #quot; &amp;',
  'onboard-starter-board': 'line one\nline two',
  'onboard-nudge': 'graph TD; A-->B click n1 call alert()',
  'onboard-coach-mode': 'subgraph x',
  'onboard-team-library': 'classDef added fill:#f00',
  'onboard-weekly-review': '\\" ]] ))) end',
};

interface Case {
  name: string;
  example: string;
  edit(doc: FlowDocument): { before: FlowDocument; after: FlowDocument };
}

const CASES: readonly Case[] = [
  {
    name: 'support-desk-prompt-edit',
    example: 'support-desk',
    edit: (doc) => ({
      before: doc,
      after: {
        ...doc,
        nodes: doc.nodes.map((n): FlowNode =>
          n.type === 'prompt' && n.id === 'support-greet'
            ? { ...n, data: { ...n.data, prompt: `${n.data.prompt}\nAlways confirm the order number back to the customer.` } }
            : n,
        ),
      },
    }),
  },
  {
    name: 'lead-qualifier-add-remove',
    example: 'lead-qualifier',
    edit: (doc) => {
      const guide = doc.nodes.find((n) => n.id === 'lead-send-guide');
      if (guide === undefined) throw new Error('lead-send-guide missing');
      const added = withName(
        { ...guide, id: 'lead-book-call', position: { x: guide.position.x + 300, y: guide.position.y } },
        'Book a follow-up call',
      );
      return {
        before: doc,
        after: {
          ...doc,
          nodes: [...doc.nodes.filter((n) => n.id !== 'lead-brief-sales'), added],
          edges: [
            ...doc.edges.filter((e) => e.source !== 'lead-brief-sales' && e.target !== 'lead-brief-sales'),
            { id: 'edge-lead-send-guide-to-lead-book-call', source: 'lead-send-guide', target: 'lead-book-call', kind: 'node' },
          ],
        },
      };
    },
  },
  {
    name: 'onboarding-coach-rename',
    example: 'onboarding-coach',
    edit: (doc) => ({ before: doc, after: rename(doc, { 'onboard-nudge': 'Nudge when idle for a day' }) }),
  },
  {
    name: 'support-desk-moved',
    example: 'support-desk',
    edit: (doc) => ({
      before: doc,
      after: {
        ...doc,
        nodes: doc.nodes.map((n) =>
          n.id === 'support-lookup-order' ? { ...n, position: { x: n.position.x + 240, y: n.position.y - 80 } } : n,
        ),
      },
    }),
  },
  {
    name: 'lead-qualifier-secret',
    example: 'lead-qualifier',
    edit: (doc) => ({ before: withKey(doc, 'sk-live-OLDKEY0123456789'), after: withKey(doc, 'sk-live-NEWKEY9876543210') }),
  },
  {
    name: 'onboarding-coach-hostile-names',
    example: 'onboarding-coach',
    edit: (doc) => ({ before: doc, after: rename(doc, HOSTILE_NAMES) }),
  },
];

afterAll(removeTempDirs);

describe('flowctl diff --format markdown', () => {
  it.each(CASES)('prints the golden review of $name', async ({ name, example: exampleName, edit }) => {
    const { before, after } = edit(example(exampleName));
    const dir = tempDir('flowctl-review-');
    const file = `flows/${exampleName}/production.flow.json`;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, 'base.flow.json'), serializeFlow(before));
    writeFileSync(join(dir, file), serializeFlow(after));
    const result = await runCli(['diff', 'base.flow.json', file, '--format', 'markdown'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(new URL(`${name}.md`, GOLDEN), 'utf8'));
    expect(result.stdout).not.toMatch(/sk-live-/);
  });
});
