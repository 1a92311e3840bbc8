import { html, page } from './html.js';

/** Where the page's script is served (a file of this server: pages run no inline script). */
export const CREATE_WORKFLOW_SCRIPT_PATH = '/hosted/assets/create-workflow.js';

/** The create-workflow page of a plan ('default' without one): a form that saves a workflow. */
export function createWorkflowPage(planId: string): string {
  const body = html`
<h1>Create workflow</h1>
<p class="muted">Plan <strong>${planId}</strong></p>
<form id="workflow-form" data-plan-id="${planId}" autocomplete="off">
  <input type="hidden" name="id" value="">
  <label for="wf-name">Name</label>
  <input id="wf-name" name="name" required maxlength="200" placeholder="Onboarding call">
  <label for="wf-description">Description</label>
  <textarea id="wf-description" name="description" placeholder="What this workflow does"></textarea>
  <h2>Steps</h2>
  <div id="steps"></div>
  <p><button type="button" id="add-step">Add step</button></p>
  <p><button type="submit">Save workflow</button></p>
  <p id="status" role="status" aria-live="polite"></p>
</form>
<template id="step-template">
  <div class="step card">
    <strong class="step-number">Step</strong>
    <div class="row">
      <div><label>Skill <input name="skill" placeholder="custom_gpt"></label></div>
      <div><label>Name <input name="stepName" placeholder="Step name"></label></div>
      <button type="button" class="remove-step">Remove</button>
    </div>
    <label>Config (JSON) <textarea name="config" spellcheck="false">{}</textarea></label>
  </div>
</template>`;
  return page('Create workflow', body, { script: CREATE_WORKFLOW_SCRIPT_PATH });
}
