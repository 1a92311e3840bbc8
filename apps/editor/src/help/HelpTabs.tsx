import { useRef, type KeyboardEvent } from 'react';
import { ACTIONS } from '../actions/actions';

export type HelpTab = 'onboarding' | 'keybindings';

const TABS: readonly { id: HelpTab; label: string }[] = [
  { id: 'onboarding', label: 'Onboarding' },
  { id: 'keybindings', label: 'Keybindings' },
];

export const tabId = (tab: HelpTab) => `help-tab-${tab}`;
export const panelId = (tab: HelpTab) => `help-panel-${tab}`;

/** The tab list of 'How to use': Left/Right (and Home/End) move between tabs and select them. */
export function HelpTabs({ tab, onChange }: { tab: HelpTab; onChange: (tab: HelpTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    const next = TABS[to];
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    list.current?.querySelector<HTMLElement>(`#${tabId(next.id)}`)?.focus();
  };
  return (
    <div className="help-tabs" role="tablist" tabIndex={-1} aria-label={ACTIONS.help.label} ref={list} onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={tabId(t.id)}
          aria-selected={t.id === tab}
          aria-controls={panelId(t.id)}
          tabIndex={t.id === tab ? 0 : -1}
          className="help-tab"
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
