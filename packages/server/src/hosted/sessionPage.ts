import type { WorkflowStep } from '@flow/core';
import type { Session } from '../store/workflowStore.js';
import { html, page, timeHtml, type Html } from './html.js';

function stepItem(step: WorkflowStep): Html {
  const config = Object.keys(step.config).length === 0 ? html`<p class="muted">No configuration</p>` : html`<pre>${JSON.stringify(step.config, null, 2)}</pre>`;
  return html`<li class="card"><strong>${step.name || 'Unnamed step'}</strong> <span class="muted">${step.skill}</span>${config}</li>`;
}

/** The hosted session page: the session's workflow, its numbered steps and their configuration. */
export function sessionPage(session: Session): string {
  const { workflow } = session;
  const steps = workflow.json.steps;
  const list = steps.length === 0 ? html`<p class="muted">This workflow has no steps.</p>` : html`<ol>${steps.map(stepItem)}</ol>`;
  const body = html`
<h1>${workflow.name}</h1>
<p class="muted">Session ${session.id} · started ${timeHtml(session.createdAt)} · plan ${session.planId}</p>
<p>${workflow.description || 'No description'}</p>
<h2>Steps</h2>
${list}`;
  return page(`${workflow.name} · session`, body);
}
