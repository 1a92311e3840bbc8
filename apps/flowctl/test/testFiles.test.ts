import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestProviders } from './helpers/callsProxy.js';
import { flowText, sampleFlow } from './helpers/flows.js';
import { parseJson, runCli } from './helpers/runCli.js';

const providers = useTestProviders('flowctl-tests-');

const cli = (args: readonly string[]) => runCli([...args, '--api-url', providers.url], { cwd: providers.work });

const flowtest = (name: string) => ({
  flow: 'production.flow.json',
  tests: [{ name, turns: [{ user: 'Where is order 42?', expect: { reply: { contains: 'shipped' } } }] }],
});
const cassette = (name: string) => ({ format: 'flow-cassette/1', tests: { [name]: { model: [{ content: 'It shipped.' }], tools: [] } } });
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const testsOf = async (plan: string): Promise<Response> => fetch(`${providers.url}/api/flows/${plan}/production/tests`);

/** `<plan>/production.flow.json` in the work folder, with test files beside it when given. */
function planFolder(plan: string, files: { flowtest?: unknown; cassette?: unknown } = {}): string {
  const dir = join(providers.work, plan);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'production.flow.json'), flowText(sampleFlow(plan)));
  if (files.flowtest !== undefined) writeFileSync(join(dir, 'production.flowtest.json'), json(files.flowtest));
  if (files.cassette !== undefined) writeFileSync(join(dir, 'production.cassette.json'), json(files.cassette));
  return dir;
}

describe('tests beside the flow: publish sends them, fetch writes them', () => {
  it('publish sends the test file and its cassette beside the flow file; fetch -o writes both beside the fetched flow, naming it', async () => {
    planFolder('orders', { flowtest: flowtest('Order status'), cassette: cassette('Order status') });
    const dryRun = await cli(['publish', 'orders/production.flow.json', '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Would send the tests of orders/production.flowtest.json');
    expect((await testsOf('orders')).status).toBe(404);

    const published = await cli(['publish', 'orders/production.flow.json', '--json']);
    expect(published.code).toBe(0);
    expect(parseJson(published)).toMatchObject({ published: true, tests: 'orders/production.flowtest.json' });
    expect(await (await testsOf('orders')).json()).toEqual({ flowtest: flowtest('Order status'), cassette: cassette('Order status') });

    mkdirSync(join(providers.work, 'out'));
    const fetched = await cli(['fetch', '--plan', 'orders', '-o', 'out/shop.flow.json', '--json']);
    expect(fetched.code).toBe(0);
    expect(parseJson(fetched)).toMatchObject({ output: 'out/shop.flow.json', tests: ['out/shop.flowtest.json', 'out/shop.cassette.json'] });
    expect(readFileSync(join(providers.work, 'out', 'shop.flowtest.json'), 'utf8')).toBe(
      json({ ...flowtest('Order status'), flow: 'shop.flow.json' }),
    );
    expect(readFileSync(join(providers.work, 'out', 'shop.cassette.json'), 'utf8')).toBe(json(cassette('Order status')));
  });

  it('a second publish replaces the tests (a changed test file, no cassette any more), with the ETag it read', async () => {
    const dir = planFolder('refunds', { flowtest: flowtest('First'), cassette: cassette('First') });
    expect((await cli(['publish', 'refunds/production.flow.json', '--quiet'])).code).toBe(0);
    writeFileSync(join(dir, 'production.flowtest.json'), json(flowtest('Second')));
    rmSync(join(dir, 'production.cassette.json'));
    const again = await cli(['publish', 'refunds/production.flow.json']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Sent the tests of refunds/production.flowtest.json');
    expect(await (await testsOf('refunds')).json()).toEqual({ flowtest: flowtest('Second'), cassette: null });
  });

  it('publish sends no tests when there is no test file, and fetch then writes none', async () => {
    planFolder('plain');
    const published = await cli(['publish', 'plain/production.flow.json', '--json']);
    expect(parseJson(published)).toMatchObject({ published: true, tests: null });
    expect((await testsOf('plain')).status).toBe(404);
    const fetched = await cli(['fetch', '--plan', 'plain', '-o', 'plain-out.flow.json', '--json']);
    expect(parseJson(fetched)).toMatchObject({ tests: [] });
    expect(existsSync(join(providers.work, 'plain-out.flowtest.json'))).toBe(false);
    expect(existsSync(join(providers.work, 'plain-out.cassette.json'))).toBe(false);
  });

  it('refuses a test file that is not tests before publishing anything (exit 1, naming the file)', async () => {
    planFolder('broken', { flowtest: { tests: [] } });
    const refused = await cli(['publish', 'broken/production.flow.json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'broken/production.flowtest.json: "flowtest" must be a *.flowtest.json document: an object with "flow" (the flow file\'s name) and a "tests" list',
    );
    expect((await fetch(`${providers.url}/api/flows/broken/production`)).status).toBe(404);
  });

  it('through a provider without the tests endpoint: publish goes on, warning that the tests were not sent', async () => {
    planFolder('proxied', { flowtest: flowtest('Order status') });
    const published = await runCli(['publish', 'proxied/production.flow.json', '--api-url', providers.proxyUrl], { cwd: providers.work });
    expect(published.code).toBe(0);
    expect(published.stderr).toContain(
      `the provider at ${providers.proxyUrl} keeps no tests: proxied/production.flowtest.json was not sent`,
    );
    expect((await testsOf('proxied')).status).toBe(404);
  });
});
