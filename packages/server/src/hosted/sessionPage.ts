import type { WorkflowStep } from '@flow/core';
import { stepFields } from '@flow/runtime';
import type { Session } from '../store/workflowStore.js';
import { html, page, timeHtml, type Html } from './html.js';

/** Where the page's script is served (pages run no inline script). */
export const SESSION_SCRIPT_PATH = '/hosted/assets/session.js';

function stepItem(step: WorkflowStep, index: number): Html {
  const fields = stepFields(step);
  const form =
    fields.length === 0
      ? html``
      : html`<form class="step-form" hidden>${fields.map(
          (field) =>
            html`<label for="s${index}-${field.name}">${field.label}</label><input id="s${index}-${field.name}" name="${field.name}" required>`,
        )}<p><button type="submit">Continue</button></p></form>`;
  const config =
    Object.keys(step.config).length === 0
      ? html``
      : html`<details class="step-config"><summary>Configuration</summary><pre>${JSON.stringify(step.config, null, 2)}</pre></details>`;
  return html`<li class="card step" data-step-index="${index}" data-skill="${step.skill}"><strong>${step.name || 'Unnamed step'}</strong> <span class="muted">${step.skill}</span>${config}${form}<p class="step-output" role="status"></p></li>`;
}

/**
 * The hosted session page: the session's workflow and its steps, run in order by the page's
 * script (each step through the provider's runtime): a form step shows its fields and waits, a
 * message or model step shows what it says, any other skill calls its webhook or says it is not
 * configured, and the run stops there.
 */
export function sessionPage(session: Session): string {
  const { workflow } = session;
  const steps = workflow.json.steps;
  const list =
    steps.length === 0 ? html`<p class="muted">This workflow has no steps.</p>` : html`<ol id="steps">${steps.map(stepItem)}</ol>`;
  const body = html`
<h1>${workflow.name}</h1>
<p class="muted">Session ${session.id} · started ${timeHtml(session.createdAt)} · plan ${session.planId}</p>
<p>${workflow.description || 'No description'}</p>
<h2>Steps</h2>
<div id="session" data-plan-id="${session.planId}" data-session-id="${session.id}">${list}</div>
<p id="session-status" role="status" aria-live="polite"></p>`;
  return page(`${workflow.name} · session`, body, { script: SESSION_SCRIPT_PATH });
}
