import { FlowConflictError, errorMessage, flowMessages, idProblem } from '@flow/core';
import { editorText } from '../messages';
import { el } from './dom';

const INPUT_ID = 'new-plan-id';
const PROBLEM_ID = 'new-plan-problem';

/** What the New plan form needs from the page. */
export interface NewPlanPorts {
  /** The plan ids listed now, or null while the list is not loaded: a listed id is refused at once. */
  listedIds(): readonly string[] | null;
  /** Creates the plan only if nobody has it (FlowConflictError when someone does), then opens it. */
  create(id: string): Promise<void>;
}

/** 'Plan ID' and 'New plan': an invalid or taken id is refused with the spec's message under the form. */
export function newPlanForm(ports: NewPlanPorts): HTMLFormElement {
  const input = el('input', {
    className: 'input',
    attrs: { id: INPUT_ID, placeholder: 'my-agent', autocomplete: 'off', spellcheck: 'false', 'aria-invalid': 'false' },
  });
  const submit = el('button', { className: 'btn btn-primary', text: flowMessages.newPlan, attrs: { type: 'submit' } });
  const form = el('form', { className: 'plan-new' }, el('label', { text: editorText.planId, attrs: { for: INPUT_ID } }), input, submit);
  form.noValidate = true;
  let problem: HTMLParagraphElement | null = null;

  const showProblem = (message: string | null): void => {
    input.setAttribute('aria-invalid', String(message !== null));
    if (message === null) {
      input.removeAttribute('aria-describedby');
      problem?.remove();
      problem = null;
      return;
    }
    input.setAttribute('aria-describedby', PROBLEM_ID);
    // One alert, its words changed in place; the same words again are left alone (not announced twice).
    if (problem === null) {
      problem = el('p', { className: 'plan-home-error', attrs: { id: PROBLEM_ID, role: 'alert' } });
      form.append(problem);
    }
    if (problem.textContent !== message) problem.textContent = message;
  };

  input.addEventListener('input', () => showProblem(null));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = input.value.trim();
    const invalid = idProblem(id);
    if (invalid) return showProblem(flowMessages.invalidPlanId(invalid));
    if (ports.listedIds()?.includes(id)) return showProblem(flowMessages.planExists(id));
    submit.disabled = true;
    ports.create(id).catch((error: unknown) => {
      submit.disabled = false;
      showProblem(error instanceof FlowConflictError ? flowMessages.planExists(id) : errorMessage(error));
    });
  });
  return form;
}
