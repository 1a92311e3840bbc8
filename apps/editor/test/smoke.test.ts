import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';

const h = useEditorHarness();

describe('editor smoke', () => {
  it('opens an example plan and shows its nodes', async () => {
    const page = await h.open('/support-desk/production');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('plan-label').textContent()).toContain('support-desk');
  });
});
