import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startScriptedModel } from '@flow/runtime/testing';
import { flowText, removeTempDirs, tempDir } from './helpers/flows.js';
import { shopFlow } from './helpers/shopFlow.js';
import { parseJson, runCli } from './helpers/runCli.js';

const PASSWORD = 'pw-flowctl-4c07';

afterAll(removeTempDirs);

describe('flowctl run with a model URL that holds a user name and password', () => {
  it('prints the URL without them, in --json and in text', async () => {
    const model = await startScriptedModel([{ status: 500, error: 'The model failed' }]);
    try {
      const dir = tempDir('flowctl-model-url-');
      writeFileSync(join(dir, 'shop.flow.json'), flowText(shopFlow('https://api.example.com')));
      const env = { FLOW_MODEL_BASE_URL: model.baseUrl.replace('http://', `http://flow:${PASSWORD}@`), FLOW_MODEL: 'scripted-1' };
      const refused = `The model endpoint ${model.baseUrl} did not answer: Refused to call ${model.baseUrl}/chat/completions with a user name or password in its URL: send credentials in a header`;
      const json = await runCli(['run', 'shop.flow.json', '-m', 'Hi', '--json'], { cwd: dir, env });
      expect(json.code).toBe(3);
      expect(parseJson(json)).toEqual({ error: { code: 'MODEL_ERROR', message: refused } });
      const text = await runCli(['run', 'shop.flow.json', '-m', 'Hi'], { cwd: dir, env });
      expect(text.stderr).toBe(`error: ${refused}\n`);
      for (const result of [json, text]) expect(result.stdout + result.stderr).not.toContain(PASSWORD);
      expect(model.requests).toEqual([]);
    } finally {
      await model.close();
    }
  });
});
