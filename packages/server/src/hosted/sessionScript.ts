/**
 * The hosted session page's script: walks the workflow's steps through
 * POST /api/sessions/{planId}/{sessionId}/steps/{index}: shows a form step's fields and waits for
 * them, shows what every other step said, and stops at a step that failed or is not configured.
 * Plain browser JavaScript; text only ever goes through `textContent`.
 */
export const SESSION_SCRIPT = `
(function () {
  var root = document.getElementById('session');
  var status = document.getElementById('session-status');
  if (!root) return;
  var steps = root.querySelectorAll('.step');
  var base = '/api/sessions/' + encodeURIComponent(root.getAttribute('data-plan-id')) + '/' + encodeURIComponent(root.getAttribute('data-session-id')) + '/steps/';
  var variables = {};
  function say(text) { status.textContent = text; }
  function run(index, answers) {
    var item = steps[index];
    var output = item.querySelector('.step-output');
    output.textContent = 'Running...';
    fetch(base + index, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
      credentials: 'same-origin',
      body: JSON.stringify({ variables: variables, answers: answers || {} })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.error && body.error.message) || ('HTTP ' + response.status));
        var step = body.step;
        output.textContent = step.output;
        item.setAttribute('data-status', step.status);
        if (step.status === 'failed' && item.querySelector('.step-form')) {
          // A form answered wrongly: ask again.
          item.querySelector('.step-form').hidden = false;
          return;
        }
        variables = body.variables;
        var form = item.querySelector('.step-form');
        if (form) form.hidden = true;
        if (step.status === 'not configured') { say('Stopped: this step is not configured.'); return; }
        if (step.status === 'failed') { say('Stopped: this step failed.'); return; }
        if (body.next === null) { say('Workflow complete.'); return; }
        begin(body.next);
      });
    }).catch(function (error) { output.textContent = 'Failed: ' + error.message; say('Stopped.'); });
  }
  function begin(index) {
    var item = steps[index];
    var form = item.querySelector('.step-form');
    if (!form) { run(index); return; }
    form.hidden = false;
    var first = form.querySelector('input');
    if (first) first.focus();
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var answers = {};
      var inputs = form.querySelectorAll('input');
      for (var i = 0; i < inputs.length; i++) answers[inputs[i].name] = inputs[i].value;
      run(index, answers);
    });
  }
  if (steps.length > 0) begin(0); else say('Workflow complete.');
})();
`;
