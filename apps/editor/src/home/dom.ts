/** What an element gets besides its tag: its class, its text and plain attributes. */
export interface ElementProps {
  className?: string;
  /** Set as textContent: nothing here is ever parsed as HTML. */
  text?: string;
  attrs?: Readonly<Record<string, string>>;
}

/**
 * An element of the home page, built with DOM calls only (text through textContent).
 * @example el('a', { className: 'plan-link', text: plan.planId, attrs: { href } })
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  { className, text, attrs }: ElementProps = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attrs ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
