import { KEYBINDINGS } from '../data/keybindings';

/**
 * Puts the keys of the keybindings table into a caption: `{{key:undo}}` becomes
 * `<kbd>Ctrl+Z (Cmd+Z on Mac)</kbd>`, so that steps never write a key of their own. An unknown
 * action is left as written.
 * @example withKeys('Press {{key:help}}') // 'Press <kbd>F1</kbd>'
 */
export function withKeys(markdown: string): string {
  return markdown.replace(/\{\{key:([A-Za-z]+)\}\}/g, (whole, action: string) => {
    const binding = KEYBINDINGS.find((b) => b.action === action);
    return binding ? `<kbd>${binding.keys}</kbd>` : whole;
  });
}
