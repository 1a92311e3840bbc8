// The home page's entry (home.html): the plan list alone, with DOM calls and none of the editor's code.
import { createPlanDirectory, emptyFlow, errorMessage, flowMessages } from '@flow/core';
import { providerClientOptions } from '../api/providerUrl';
import { fetchTokenRequired, signOut } from '../api/session';
import { editorText } from '../messages';
import { DEFAULT_VERSION } from '../route';
import { el } from './dom';
import { newPlanForm } from './newPlanForm';
import { planListView, planPath, type Plans } from './planList';
import '../styles.css';
import '../canvas/signOut.css';
import './home.css';

/** The plan list's id: the skip link leads there. */
const PLANS_ID = 'plans';

/** Builds '/' into `root`: the skip link, the heading (and 'Sign out' in token mode), the plans and New plan. */
function mountHome(root: HTMLElement): void {
  // The plan list and New plan only: not the editor's client, its save worker or its drafts.
  const plansApi = createPlanDirectory(providerClientOptions());
  let plans: Plans = { state: 'loading' };
  let listView = planListView(plans);
  const head = el(
    'div',
    { className: 'plan-home-head' },
    el('h1', { className: 'plan-home-title', text: flowMessages.plansTitle, attrs: { id: PLANS_ID, tabindex: '-1' } }),
  );
  const form = newPlanForm({
    listedIds: () => (plans.state === 'loaded' ? plans.plans.map((p) => p.planId) : null),
    async create(id) {
      // Created only if nobody has it (If-None-Match: *), then opened.
      await plansApi.createPlan(id, DEFAULT_VERSION, emptyFlow(id, DEFAULT_VERSION));
      window.location.assign(planPath(id, DEFAULT_VERSION));
    },
  });
  const home = el('div', { className: 'plan-home', attrs: { 'data-testid': 'plan-home' } }, head, listView, form);
  // The first tab stop: past the sign-out button to the plans.
  const skip = el('a', { className: 'skip-link', text: editorText.skipToPlans, attrs: { href: `#${PLANS_ID}` } });
  root.replaceChildren(el('main', { className: 'home' }, skip, home));

  const show = (next: Plans): void => {
    plans = next;
    const view = planListView(next);
    listView.replaceWith(view);
    listView = view;
  };
  plansApi.listPlans().then(
    (list) => show({ state: 'loaded', plans: list }),
    (error: unknown) => show({ state: 'error', message: errorMessage(error) }),
  );
  void fetchTokenRequired().then((required) => {
    if (!required) return;
    const button = el('button', { className: 'btn sign-out', text: editorText.signOut, attrs: { type: 'button' } });
    button.addEventListener('click', () => void signOut());
    head.append(button);
  });
}

const root = document.getElementById('root');
if (root) mountHome(root);
