import { messages } from '@flow/core';

/**
 * The create-workflow page's script: adds and removes step rows, builds the workflow from the form,
 * saves it through POST /api/workflows/save and shows the saved workflow's name; the editor that
 * frames it (served by this provider, so of this origin) hears of the save by a message addressed
 * to this origin only. Plain browser JavaScript; user text only ever goes through `value` and
 * `textContent`. Served as a file: the pages' policy allows no inline script.
 */
export const CREATE_WORKFLOW_SCRIPT = `
(function () {
  var form = document.getElementById('workflow-form');
  var steps = document.getElementById('steps');
  var template = document.getElementById('step-template');
  var status = document.getElementById('status');
  var INVALID_JSON = ${JSON.stringify(messages.invalidJsonFormat)};

  function renumber() {
    var rows = steps.querySelectorAll('.step');
    for (var i = 0; i < rows.length; i++) rows[i].querySelector('.step-number').textContent = 'Step ' + (i + 1);
  }
  function addStep() {
    var row = template.content.firstElementChild.cloneNode(true);
    row.querySelector('.remove-step').addEventListener('click', function () { row.remove(); renumber(); });
    steps.appendChild(row);
    renumber();
  }
  function field(name) { return form.querySelector('[name=' + name + ']'); }
  function show(text, kind) {
    status.textContent = text;
    status.className = kind;
  }
  function readSteps() {
    var rows = steps.querySelectorAll('.step');
    var list = [];
    for (var i = 0; i < rows.length; i++) {
      var text = rows[i].querySelector('[name=config]').value.trim() || '{}';
      var config;
      try { config = JSON.parse(text); } catch (e) { config = null; }
      if (config === null || typeof config !== 'object' || Array.isArray(config)) {
        throw new Error('Step ' + (i + 1) + ': ' + INVALID_JSON);
      }
      list.push({ skill: rows[i].querySelector('[name=skill]').value, name: rows[i].querySelector('[name=stepName]').value, config: config });
    }
    return list;
  }
  document.getElementById('add-step').addEventListener('click', addStep);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var workflow;
    try {
      workflow = {
        name: field('name').value.trim(),
        description: field('description').value,
        plan_id: form.getAttribute('data-plan-id'),
        json: { steps: readSteps() }
      };
      if (field('id').value) workflow.id = field('id').value;
    } catch (e) { show(e.message, 'error'); return; }
    show('Saving...', 'muted');
    fetch('/api/workflows/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
      credentials: 'same-origin',
      body: JSON.stringify(workflow)
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.error && body.error.message) || ('HTTP ' + response.status));
        field('id').value = body.id;
        show('Saved workflow: ' + body.name, 'ok');
        if (window.parent !== window) window.parent.postMessage({ type: 'flow:workflow-saved', workflow: body }, window.location.origin);
      });
    }).catch(function (error) { show('Failed to save workflow: ' + error.message, 'error'); });
  });
  addStep();
})();
`;
