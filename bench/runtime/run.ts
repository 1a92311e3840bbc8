// Runtime figures: the Playground's first token as a ratio to the endpoint's own first token (the
// runtime's and the provider's overhead; goal <= 1.05x, issue 40), the overhead of a tool call, and
// conversation tests replayed from a cassette (cases per second at concurrency 1 and 4).
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlow, sseEvents, type FlowDocument } from '@flow/core';
import { cassetteFileText, createAgent, createModelClient, runFlowTests, type CaseCassette, type FlowTestSource } from '@flow/runtime';
import { startScriptedModel } from '@flow/runtime/testing';
import { startServer } from '@flow/server';
import { flowWorkers } from '@flow/server/testing';
import { fetch } from 'undici';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = 15;
/** What the scripted model waits before its first byte, as a model thinks. */
const MODEL_LATENCY_MS = 60;
const REPLY = 'Happy to help! What is your order number? It is on your confirmation email.';

const REPLAYED_CASES = 100;

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
  // The provider's flow workers load as it starts (from source, through tsx: about 40 ms of CPU per
  // 60 ms turn on this process for the first seconds); the turns are timed once they have, as a user's are.
  await flowWorkers().warm();
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
      `  first token         Playground ${median(playground).toFixed(1)} ms vs the endpoint's own ${median(direct).toFixed(1)} ms = ${ratio.toFixed(2)}x (goal <= 1.05x; model latency ${MODEL_LATENCY_MS} ms, median of ${RUNS})`,
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
    await replayedCases(doc);
  } finally {
    await provider.close();
    await model.close();
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 100 cases of one dataset, each a lookup (a tool call, its replayed result, the reply), replayed from memory. */
async function replayedCases(doc: FlowDocument): Promise<void> {
  const orders = Array.from({ length: REPLAYED_CASES }, (_, i) => `NW-${100000 + i}`);
  const testFile = {
    flow: 'production.flow.json',
    tests: [
      {
        name: 'looks up an order',
        cases: orders.map((order) => ({ name: order, vars: { order } })),
        turns: [
          {
            user: 'Where is order {{order}}?',
            expect: { toolCalls: [{ name: 'look_up_order', arguments: { order_number: '{{order}}' } }], reply: { contains: 'shipped' } },
          },
        ],
      },
    ],
  };
  const cases: Record<string, CaseCassette> = {};
  for (const order of orders) {
    const args = { order_number: order };
    cases[`looks up an order › ${order}`] = {
      model: [
        {
          content: '',
          toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'look_up_order', arguments: JSON.stringify(args) } }],
        },
        { content: `Order ${order} has shipped.`, toolCalls: [] },
      ],
      tools: [{ name: 'look_up_order', arguments: args, result: { ok: true, output: '{"status":"shipped"}' }, variables: {} }],
    };
  }
  const cassette: unknown = JSON.parse(cassetteFileText(cases));
  const source: FlowTestSource = {
    readTestFile: () => Promise.resolve(JSON.stringify(testFile)),
    loadFlow: () => Promise.resolve(doc),
    readCases: () => Promise.reject(new Error('inline cases only')),
    readCassette: () => Promise.resolve(cassette),
    writeCassette: () => Promise.reject(new Error('a replay writes nothing')),
  };
  const rates = new Map<number, number>();
  for (const concurrency of [1, 4]) {
    const perSecond: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const result = await runFlowTests({ files: ['bench.flowtest.json'], source, mode: 'replay', env: {}, concurrency });
      const seconds = (performance.now() - started) / 1000;
      if (result.passed !== REPLAYED_CASES) throw new Error(`replayed cases: ${result.passed} of ${REPLAYED_CASES} passed`);
      perSecond.push(REPLAYED_CASES / seconds);
    }
    rates.set(concurrency, median(perSecond));
  }
  const one = rates.get(1) ?? 0;
  const four = rates.get(4) ?? 0;
  console.log(
    `  replayed tests      ${one.toFixed(0)} cases/s at concurrency 1, ${four.toFixed(0)} cases/s at 4 = ${(four / one).toFixed(2)}x (${REPLAYED_CASES} cases of one dataset, a tool call each, median of 5)`,
  );
}
