import { describe, expect, it } from 'vitest';
import { compileFlow } from './compileFlow.js';
import { deconstructFlow } from './deconstructFlow.js';
import { buildFlow, functionNode, promptNode } from './flowFixtures.js';
import { flowSteps } from './flowSteps.js';
import { nodeSchema } from './nodeSchema.js';

const tricky = 'Line one  \n\n## Chain 2\n> quoted\n>\n# Agent flow\nInstruction:\n🙂 ünïcødé\r\nend ';

const flow = () =>
  buildFlow([
    [promptNode('p1', tricky), functionNode('f1', 'instruct', { prompt: '## Chain 3' })],
    [functionNode('f2', 'http_calls')],
    [promptNode('p3', ''), promptNode('p4', 'Later prompt')],
    [promptNode('p5', 'Last')],
  ]);

describe('flowSteps', () => {
  it("gives each chain's leading Instruct prompt, or '', with its 1-based index", () => {
    expect(flowSteps(flow())).toEqual([
      { Query_Instruction: tricky, Chain: '1' },
      { Query_Instruction: '', Chain: '2' },
      { Query_Instruction: '', Chain: '3' },
      { Query_Instruction: 'Last', Chain: '4' },
    ]);
  });
});

describe('deconstructFlow', () => {
  it('reads the steps of a compiled flow back exactly', () => {
    const doc = flow();
    expect(deconstructFlow(nodeSchema(doc), compileFlow(doc).system_message)).toEqual(flowSteps(doc));
  });

  it('reads a compiled prompt whose line ends were all converted to CRLF', () => {
    const doc = buildFlow([[promptNode('p', 'Hello\nworld')], [promptNode('q', 'Bye')]]);
    const crlf = compileFlow(doc).system_message.replace(/\n/g, '\r\n');
    expect(deconstructFlow(nodeSchema(doc), crlf)).toEqual(flowSteps(doc));
  });

  it('turns free text into one step for chain 1', () => {
    const text = 'You are a helpful agent.\n## Chain 2\nDo things.';
    expect(deconstructFlow({}, text)).toEqual([{ Query_Instruction: text, Chain: '1' }]);
    expect(deconstructFlow(nodeSchema(flow()), text)).toEqual([{ Query_Instruction: text, Chain: '1' }]);
  });

  it('treats text with the title but no chain sections as free text', () => {
    expect(deconstructFlow({}, '# Agent flow\nhello')).toEqual([{ Query_Instruction: '# Agent flow\nhello', Chain: '1' }]);
  });

  it('gives no steps for a blank prompt', () => {
    expect(deconstructFlow({}, '')).toEqual([]);
    expect(deconstructFlow({}, '  \n ')).toEqual([]);
  });

  it('adds an empty step for a schema chain that an edited prompt no longer has', () => {
    const doc = flow();
    const text = compileFlow(doc).system_message;
    const withoutChain2 = text.replace(/\n## Chain 2\n[\s\S]*?(?=\n## Chain 3)/, '');
    expect(deconstructFlow(nodeSchema(doc), withoutChain2)).toEqual(flowSteps(doc));
  });
});
