// Runtime figures: the Playground's first token as a ratio to the endpoint's own first token (the
// runtime's and the provider's overhead; budget <= 1.1x), and the overhead of a tool call.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlow, sseEvents } from '@flow/core';
import { createAgent, createModelClient } from '@flow/runtime';
import { startScriptedModel } from '@flow/runtime/testing';
import { startServer } from '@flow/server';
import { fetch } from 'undici';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = 15;
/** What the scripted model waits before its first byte, as a model thinks. */
const MODEL_LATENCY_MS = 60;
const REPLY = 'Happy to help! What is your order number? It is on your confirmation email.';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function firstToken(
  response: Awaited<ReturnType<typeof fetch>>,
  started: number,
  isToken: (event: string, data: string) => boolean,
): Promise<number> {
  if (!response.body) throw new Error('no body');
  for await (const { event, data } of sseEvents(response.body)) if (isToken(event, data)) return performance.now() - started;
  throw new Error('no token');
}

export async function run(): Promise<void> {
  const parsed = parseFlow(readFileSync(join(REPO, 'examples', 'support-desk', 'production.flow.json'), 'utf8'));
  if (!parsed.ok) throw new Error('examples/support-desk does not parse');
  const doc = parsed.doc;
  const model = await startScriptedModel();
  const dir = mkdtempSync(join(tmpdir(), 'flow-bench-runtime-'));
  const provider = await startServer({
    port: 0,
    dir,
    seedDir: null,
    log: () => undefined,
    runtimeEnv: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'bench' },
  });
  const service = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"shipped"}'));
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const address = service.address();
  const serviceUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  try {
    const direct: number[] = [];
    const playground: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // The endpoint's own first token: the same request the runtime makes, straight to it.
      model.push({ content: REPLY, delayMs: MODEL_LATENCY_MS });
      let started = performance.now();
      const own = await fetch(`${model.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
      });
      direct.push(await firstToken(own, started, (_e, data) => data.includes('"content":"') && !data.includes('"content":""')));
      // The Playground's: the editor's request to the provider, which runs the turn.
      model.push({ content: REPLY, delayMs: MODEL_LATENCY_MS });
      started = performance.now();
      const turn = await fetch(`${provider.url}/api/runtime/support-desk/production/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ doc, message: 'Hi', messages: [], variables: {} }),
      });
      playground.push(await firstToken(turn, started, (event) => event === 'token'));
    }
    const ratio = median(playground) / median(direct);
    console.log('runtime');
    console.log(
      `  first token         Playground ${median(playground).toFixed(1)} ms vs the endpoint's own ${median(direct).toFixed(1)} ms = ${ratio.toFixed(2)}x (budget <= 1.1x; model latency ${MODEL_LATENCY_MS} ms, median of ${RUNS})`,
    );

    // A tool call's overhead: an HTTP tool's time in the trace minus the same request made directly.
    const lookup = {
      ...doc,
      nodes: doc.nodes.map((n) =>
        n.type === 'function' && n.data.name === 'Look up order'
          ? {
              ...n,
              data: {
                ...n.data,
                metadata: {
                  ...n.data.metadata,
                  apicalls: [
                    {
                      method: 'GET',
                      url: `${serviceUrl}/orders/{{order_number}}`,
                      params: [],
                      authorization: 'none',
                      headers: [],
                      body: { raw: { data: '' } },
                      output: { json: [] },
                    },
                  ],
                },
              },
            }
          : n,
      ),
    };
    const agent = createAgent({
      doc: lookup,
      model: createModelClient({ baseUrl: model.baseUrl, model: 'bench' }),
      env: {},
      allowPrivateNetwork: true,
    });
    const toolMs: number[] = [];
    const rawMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_number: `NW-${i}` } }] }, { content: 'Done.' });
      const trace = await agent.turn(`Where is NW-${i}?`);
      const call = trace.toolCalls.find((c) => c.name === 'look_up_order');
      if (call) toolMs.push(call.ms);
      const started = performance.now();
      await (await fetch(`${serviceUrl}/orders/NW-${i}`)).text();
      rawMs.push(performance.now() - started);
      agent.reset();
    }
    await agent.close();
    console.log(
      `  tool call overhead  ${(median(toolMs) - median(rawMs)).toFixed(2)} ms (an HTTP tool ${median(toolMs).toFixed(2)} ms in the trace vs ${median(rawMs).toFixed(2)} ms for the request alone, median of ${RUNS})`,
    );
  } finally {
    await provider.close();
    await model.close();
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
