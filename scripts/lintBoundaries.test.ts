// The lint config encodes the architecture's import boundaries. Each case plants a violation in a
// real file of the layer (as text, nothing is written) and expects the boundary's error.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The boundaries need no type information; leaving it out keeps each lint to milliseconds.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname, overrideConfig: tseslint.configs.disableTypeChecked });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: { layer: string; file: string; source: string; message: RegExp }[] = [
  {
    layer: 'core imports React',
    file: 'packages/core/src/graph/planted.ts',
    source: "import { useState } from 'react';\nexport const planted = useState;\n",
    message: /@flow\/core runs in browsers and Node alike/,
  },
  {
    layer: 'core imports a node: module',
    file: 'packages/core/src/graph/planted.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const planted = readFileSync;\n",
    message: /@flow\/core runs in browsers and Node alike/,
  },
  {
    layer: 'core imports zustand',
    file: 'packages/core/src/graph/planted.ts',
    source: "import { create } from 'zustand';\nexport const planted = create;\n",
    message: /@flow\/core runs in browsers and Node alike/,
  },
  {
    layer: 'core imports the server',
    file: 'packages/core/src/graph/planted.ts',
    source: "import { startServer } from '@flow/server';\nexport const planted = startServer;\n",
    message: /@flow\/core runs in browsers and Node alike/,
  },
  {
    layer: 'the runtime imports the server',
    file: 'packages/runtime/src/planted.ts',
    source: "import { startServer } from '@flow/server';\nexport const planted = startServer;\n",
    message: /@flow\/runtime has no UI and no provider/,
  },
  {
    layer: 'the server imports editor code',
    file: 'packages/server/src/planted.ts',
    source: "import { App } from '../../../apps/editor/src/App';\nexport const planted = App;\n",
    message: /The provider never imports editor code/,
  },
  {
    layer: 'the editor imports the server',
    file: 'apps/editor/src/planted.ts',
    source: "import { startServer } from '@flow/server';\nexport const planted = startServer;\n",
    message: /The editor reaches the provider by HTTP only/,
  },
  {
    layer: 'the editor imports flowctl',
    file: 'apps/editor/src/planted.ts',
    source: "import { main } from '../../flowctl/src/cli';\nexport const planted = main;\n",
    message: /The editor reaches the provider by HTTP only/,
  },
  {
    layer: 'flowctl imports the editor',
    file: 'apps/flowctl/src/planted.ts',
    source: "import { App } from '../../editor/src/App';\nexport const planted = App;\n",
    message: /flowctl never imports the editor/,
  },
];

describe('lint: import boundaries (ARCHITECTURE.md §1)', () => {
  it.each(cases)('fails when $layer', async ({ file, source, message }) => {
    const errors = await importErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it('lets each layer import what it may (core its own modules, the editor core, the server core)', async () => {
    expect(
      await importErrors(
        'packages/core/src/graph/planted.ts',
        "import { isRecord } from '../model/paths.js';\nexport const planted = isRecord;\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors('apps/editor/src/planted.ts', "import { isRecord } from '@flow/core';\nexport const planted = isRecord;\n"),
    ).toEqual([]);
    expect(
      await importErrors(
        'packages/server/src/planted.ts',
        "import { readFileSync } from 'node:fs';\nimport { isRecord } from '@flow/core';\nexport const planted = [readFileSync, isRecord];\n",
      ),
    ).toEqual([]);
  });
});
