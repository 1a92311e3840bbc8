import {
  FlowConflictError,
  createClient,
  emptyFlow,
  exactTime,
  flowMessages,
  idProblem,
  relativeTime,
  type PlanSummary,
  errorMessage,
} from '@flow/core';
import { useEffect, useMemo, useState } from 'react';
import { providerClientOptions } from '../api/providerUrl';
import { DEFAULT_VERSION } from '../route';
import { SignOutButton } from '../canvas/SignOutButton';
import { editorText } from '../messages';

const planPath = (planId: string, versionName: string) => `/${encodeURIComponent(planId)}/${encodeURIComponent(versionName)}`;

/** The plan list's id: the home page's skip link leads there. */
export const PLANS_ID = 'plans';

type Plans = { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; plans: PlanSummary[] };

/** '/': the provider's plans with links, and 'New plan' (the top bar still says 'Plan ID not set'). */
export function PlanHome() {
  // Its own client: the plan list needs neither the save worker nor the editor's drafts.
  const client = useMemo(() => createClient(providerClientOptions()), []);
  const [plans, setPlans] = useState<Plans>({ state: 'loading' });
  const [newId, setNewId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    let live = true;
    client.listPlans().then(
      (list) => live && setPlans({ state: 'loaded', plans: list }),
      (error: unknown) => live && setPlans({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [client]);

  const create = async (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = newId.trim();
    const invalid = idProblem(id);
    if (invalid) return setProblem(flowMessages.invalidPlanId(invalid));
    if (plans.state === 'loaded' && plans.plans.some((p) => p.planId === id)) return setProblem(flowMessages.planExists(id));
    setCreating(true);
    try {
      // Created only if nobody has it (If-None-Match: *), then opened.
      await client.putFlow(id, DEFAULT_VERSION, emptyFlow(id, DEFAULT_VERSION), { create: true });
      window.location.assign(planPath(id, DEFAULT_VERSION));
    } catch (error) {
      setCreating(false);
      setProblem(error instanceof FlowConflictError ? flowMessages.planExists(id) : errorMessage(error));
    }
  };

  return (
    <div className="plan-home" data-testid="plan-home">
      <div className="plan-home-head">
        <h1 className="plan-home-title" id={PLANS_ID} tabIndex={-1}>
          {flowMessages.plansTitle}
        </h1>
        <SignOutButton />
      </div>
      {plans.state === 'loading' ? (
        <p role="status">{flowMessages.loadingPlans}</p>
      ) : plans.state === 'error' ? (
        <p role="alert" className="plan-home-error">
          {plans.message}
        </p>
      ) : plans.plans.length === 0 ? (
        <p>{flowMessages.noPlans}</p>
      ) : (
        <ul className="plan-list">
          {plans.plans.map((plan) => (
            <li key={plan.planId} className="plan-row">
              <a
                className="plan-link"
                href={planPath(
                  plan.planId,
                  plan.versions.includes(DEFAULT_VERSION) ? DEFAULT_VERSION : (plan.versions[0] ?? DEFAULT_VERSION),
                )}
              >
                {plan.planId}
              </a>
              <span className="plan-versions">
                {plan.versions.map((v) => (
                  <a key={v} className="plan-version" href={planPath(plan.planId, v)}>
                    {v}
                  </a>
                ))}
              </span>
              {plan.updatedAt ? (
                <time className="plan-updated" dateTime={plan.updatedAt} title={exactTime(plan.updatedAt)}>
                  {relativeTime(plan.updatedAt)}
                </time>
              ) : null}
              {typeof plan.nodeCount === 'number' ? <span className="plan-nodes">{flowMessages.nodeCount(plan.nodeCount)}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <form className="plan-new" onSubmit={(e) => void create(e)} noValidate>
        <label htmlFor="new-plan-id">{editorText.planId}</label>
        <input
          id="new-plan-id"
          className="input"
          value={newId}
          placeholder="my-agent"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'new-plan-problem' : undefined}
          onChange={(e) => {
            setNewId(e.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={creating}>
          {flowMessages.newPlan}
        </button>
        {problem ? (
          <p id="new-plan-problem" role="alert" className="plan-home-error">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
