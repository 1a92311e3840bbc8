import { startRecordingService, type RecordingService } from '@flow/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { HostedSessionPage } from './pages/HostedSessionPage';

const runtimeEnv: Record<string, string | undefined> = {};
const h = useEditorHarness({ runtimeEnv });
let hooks: RecordingService;

beforeAll(async () => {
  hooks = await startRecordingService({ message: 'Invite sent.', invite_id: 'inv-7' });
});

afterAll(async () => {
  await hooks?.close();
});

/** A text field of a JSON answer. */
function textField(body: unknown, key: string): string {
  const value = typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
  if (typeof value !== 'string') throw new Error(`no ${key} in ${JSON.stringify(body)}`);
  return value;
}

/** A saved workflow (form, message, a skill that needs a webhook) and a hosted session of it. */
async function sessionLink(planId: string): Promise<string> {
  const workflow = {
    name: 'Book a demo',
    plan_id: planId,
    description: 'Pick a slot',
    json: {
      steps: [
        { name: 'Contact details', skill: 'form', config: { fields: ['full_name', 'work_email'] } },
        { name: 'Confirm', skill: 'message', config: { text: 'Thanks {{full_name}}, we will write to {{work_email}}.' } },
        { name: 'Send invite', skill: 'email', config: { template: 'demo-invite' } },
      ],
    },
  };
  const saved = await fetch(`${h.server.url}/api/workflows/save`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(workflow),
  });
  const id = textField(await saved.json(), 'id');
  const created = await fetch(`${h.server.url}/api/sessions/create-with-link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ workflowId: id, planId }),
  });
  return textField(await created.json(), 'hostedLink');
}

describe('a hosted session runs its workflow', () => {
  it('asks the form, says the message, and stops honestly at a skill with no webhook', async () => {
    const page = h.page;
    await page.goto(await sessionLink('session-plan'));
    const session = new HostedSessionPage(page);
    const form = session.step(0);
    await form.getByLabel('full name').fill('Ann Lee');
    await form.getByLabel('work email').fill('ann@example.com');
    await form.getByRole('button', { name: 'Continue' }).click();
    await session.output(1).filter({ hasText: 'Thanks Ann Lee, we will write to ann@example.com.' }).waitFor();
    await session.stepWithStatus(2, 'not configured').waitFor();
    expect(await session.output(2).textContent()).toBe(
      'The skill email is not configured: give it a webhook (skills: { "email": "https://…" })',
    );
    expect(await session.status.textContent()).toBe('Stopped: this step is not configured.');
    expect(hooks.requests).toHaveLength(0);
  });

  it("calls the skill's webhook from the provider's settings with the variables, and completes", async () => {
    Object.assign(runtimeEnv, { FLOW_SKILLS: JSON.stringify({ email: `${hooks.url}/email` }), FLOW_RUNTIME_ALLOW_PRIVATE: '1' });
    const page = h.page;
    await page.goto(await sessionLink('session-plan'));
    const session = new HostedSessionPage(page);
    const form = session.step(0);
    await form.getByLabel('full name').fill('Bo');
    await form.getByLabel('work email').fill('bo@example.com');
    await page.keyboard.press('Enter');
    await session.status.filter({ hasText: 'Workflow complete.' }).waitFor();
    expect(await session.output(2).textContent()).toBe('Invite sent.');
    expect(hooks.requests.at(-1)?.url).toBe('/email');
    expect(JSON.parse(hooks.requests.at(-1)?.body ?? '{}')).toMatchObject({
      skill: 'email',
      step: 'Send invite',
      variables: { full_name: 'Bo', work_email: 'bo@example.com' },
    });
  });
});
