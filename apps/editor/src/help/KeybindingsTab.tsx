import { KEYBINDINGS } from '../data/keybindings';

const CATEGORIES = [...new Set(KEYBINDINGS.map((k) => k.category))];

/** The Keybindings tab: the same table the keyboard handler reads, by category. */
export function KeybindingsTab() {
  return (
    <div className="help-keys-tab" data-testid="keybindings">
      {CATEGORIES.map((category) => (
        <section key={category} className="help-section">
          <h4>{category}</h4>
          <dl className="help-keys">
            {KEYBINDINGS.filter((k) => k.category === category).map((k) => (
              <div key={k.keys} className="help-row">
                <dt>
                  <kbd>{k.keys}</kbd>
                </dt>
                <dd>{k.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
