import { ACTION_IDS, actionOf, type ActionId } from '../actions/actions';
import { KEY_CATEGORIES, type KeyRow } from '../actions/keys';

/** A row of the Keybindings tab; `action` when a key press runs an action of the registry. */
export interface Keybinding extends KeyRow {
  action?: ActionId;
}

/** Mouse gestures the table lists too; the canvas (React Flow) handles them, no action runs. */
const GESTURES: readonly KeyRow[] = [
  { keys: 'Right Click', description: 'Open the context menu', category: 'General' },
  { keys: 'Shift+Click', description: 'Select several nodes', category: 'Selection' },
  { keys: 'Mouse Wheel', description: 'Zoom', category: 'Canvas' },
  { keys: 'Drag', description: 'Pan the canvas or move nodes', category: 'Canvas' },
];

function keyRows(): Keybinding[] {
  const rows: Keybinding[] = [];
  for (const id of ACTION_IDS) {
    const shortcut = actionOf(id).shortcut;
    if (shortcut) rows.push({ ...rowOf(shortcut), action: id });
  }
  return [...rows, ...GESTURES].sort((a, b) => KEY_CATEGORIES.indexOf(a.category) - KEY_CATEGORIES.indexOf(b.category));
}

const rowOf = ({ keys, description, category }: KeyRow): KeyRow => ({ keys, description, category });

/**
 * The editor's keybindings (spec section 9), read from the action registry: the Keybindings tab of
 * 'How to use' lists them and captions name their keys, so keys are written once.
 */
export const KEYBINDINGS: readonly Keybinding[] = keyRows();
