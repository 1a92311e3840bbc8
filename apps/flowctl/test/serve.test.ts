import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { EMBED_SCRIPT } from '@flow/server/testing';
import { ensureCliBuilt, ensureServerBuilt } from './helpers/build.js';
import { flowText, sampleFlow, removeTempDirs, tempDir } from './helpers/flows.js';
import { at } from './helpers/json.js';
import { runCli, startCli } from './helpers/runCli.js';

beforeAll(() => {
  ensureCliBuilt();
  ensureServerBuilt();
}, 300_000);

afterAll(removeTempDirs);

describe('flowctl serve', () => {
  it('serves the flows of a folder and the built editor until SIGINT', async () => {
    const dir = tempDir('flowctl-serve-');
    mkdirSync(join(dir, 'data', 'served'), { recursive: true });
    writeFileSync(join(dir, 'data', 'served', 'production.flow.json'), flowText(sampleFlow('served')));
    mkdirSync(join(dir, 'editor'));
    writeFileSync(join(dir, 'editor', 'index.html'), '<!doctype html><title>Flow editor</title>');
    const server = startCli(['serve', '--port', '0', '--dir', 'data', '--json'], {
      cwd: dir,
      env: { FLOW_EDITOR_DIR: join(dir, 'editor') },
    });
    try {
      const info = await server.firstJson;
      const url = String(at(info, 'url'));
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info).toMatchObject({ dir: join(dir, 'data'), editorDir: join(dir, 'editor'), tokenRequired: false });
      const plans: unknown = await (await fetch(`${url}/api/plans`)).json();
      expect(JSON.stringify(plans)).toContain('served');
      expect(await (await fetch(`${url}/`)).text()).toContain('Flow editor');
      // The chat script of the provider's build (ensureServerBuilt builds it).
      const script = await fetch(`${url}/embed.js`);
      expect(script.status).toBe(200);
      expect(Buffer.from(await script.arrayBuffer()).equals(await readFile(EMBED_SCRIPT))).toBe(true);
      const workflows = await runCli(['workflows', 'list', '--plan', 'served', '--api-url', url]);
      expect(workflows).toMatchObject({ code: 0, stdout: 'No workflows found for this plan\n' });
    } finally {
      const result = await server.stop();
      expect(result.code).toBe(0);
    }
  });

  it('requires the token on every call when given one (flowctl sends it on each), and never prints it', async () => {
    const dir = tempDir('flowctl-serve-');
    const token = 'serve-token-777';
    const server = startCli(['serve', '--port', '0', '--dir', 'data', '--token', token, '--json'], { cwd: dir });
    try {
      const info = await server.firstJson;
      const url = String(at(info, 'url'));
      expect(at(info, 'tokenRequired')).toBe(true);
      // A flow to read: a version never written is 404 FLOW_NOT_FOUND, with or without the token.
      const created = await fetch(`${url}/api/flows/p/production`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'If-None-Match': '*' },
        body: flowText(sampleFlow('p')),
      });
      expect(created.status).toBe(200);
      expect((await fetch(`${url}/api/mate/p/production/functions`)).status).toBe(401);
      const authorized = await fetch(`${url}/api/mate/p/production/functions`, { headers: { Authorization: `Bearer ${token}` } });
      expect(authorized.status).toBe(200);
      const viaCli = await runCli(['fetch', '--plan', 'p', '--api-url', url, '--json'], { env: { FLOW_TOKEN: token } });
      expect(viaCli.code).toBe(0);
      // Workflow calls too: anyone on the network could otherwise overwrite a workflow.
      expect((await fetch(`${url}/api/workflows/plans/p`)).status).toBe(401);
      const workflows = await runCli(['workflows', 'list', '--plan', 'p', '--api-url', url], { env: { FLOW_TOKEN: token } });
      expect(workflows.code).toBe(0);
      expect(workflows.stdout.trim()).toBe('No workflows found for this plan');
      const refused = await runCli(['workflows', 'list', '--plan', 'p', '--api-url', url]);
      expect(refused.code).not.toBe(0);
    } finally {
      const result = await server.stop('SIGTERM');
      expect(result.stdout + result.stderr).not.toContain(token);
    }
  });

  it('opens the editor with --open through $BROWSER', async () => {
    const dir = tempDir('flowctl-serve-');
    const opened = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > "${opened}"\n`);
    chmodSync(browser, 0o755);
    const server = startCli(['serve', '--port', '0', '--dir', 'data', '--open', '--json'], { cwd: dir, env: { BROWSER: browser } });
    try {
      const info = await server.firstJson;
      expect(at(info, 'opened')).toBe(true);
      await expect
        .poll(
          () => {
            try {
              return readFileSync(opened, 'utf8').trim();
            } catch {
              return '';
            }
          },
          { timeout: 5000 },
        )
        .toBe(`${String(at(info, 'url'))}/`);
    } finally {
      await server.stop();
    }
  });

  it('refuses a data folder another server serves, naming the folder and that server', async () => {
    const dir = tempDir('flowctl-serve-');
    const first = startCli(['serve', '--port', '0', '--dir', 'data', '--json'], { cwd: dir });
    try {
      const info = await first.firstJson;
      const second = await runCli(['serve', '--port', '0', '--dir', 'data', '--json'], { cwd: dir });
      expect(second.code).toBe(2);
      expect(JSON.parse(second.stdout)).toMatchObject({
        error: {
          code: 'DATA_FOLDER_IN_USE',
          message: expect.stringMatching(
            new RegExp(
              `^The data folder ${join(dir, 'data')} is already served by ${String(at(info, 'url'))} \\(process \\d+\\): stop it, or use another --dir$`,
            ),
          ),
        },
      });
    } finally {
      await first.stop();
    }
  });

  it('reports a port in use as a usage error', async () => {
    const dir = tempDir('flowctl-serve-');
    const first = startCli(['serve', '--port', '0', '--dir', 'data', '--json'], { cwd: dir });
    try {
      const port = new URL(String(at(await first.firstJson, 'url'))).port;
      const second = await runCli(['serve', '--port', port, '--dir', 'data2', '--json'], { cwd: dir });
      expect(second.code).toBe(2);
      expect(JSON.parse(second.stdout)).toMatchObject({ error: { code: 'PORT_IN_USE' } });
    } finally {
      await first.stop();
    }
  });
});
