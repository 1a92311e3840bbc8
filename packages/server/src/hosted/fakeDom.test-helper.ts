type Listener = (event: { preventDefault(): void }) => void;

/** Just enough of a DOM element for the create-workflow script: fields, classes, events. */
export class FakeElement {
  textContent = '';
  className = '';
  value = '';
  readonly listeners = new Map<string, Listener>();
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;

  constructor(
    readonly classes: string[] = [],
    readonly name = '',
    readonly attributes: Record<string, string> = {},
  ) {}

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, listener);
  }
  fire(type: string): void {
    this.listeners.get(type)?.({ preventDefault: () => undefined });
  }
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  appendChild(child: FakeElement): void {
    child.parent = this;
    this.children.push(child);
  }
  remove(): void {
    if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  private all(): FakeElement[] {
    return this.children.flatMap((child) => [child, ...child.all()]);
  }
  querySelectorAll(selector: string): FakeElement[] {
    const name = /^\[name=(\w+)\]$/.exec(selector)?.[1];
    return this.all().filter((el) => (name ? el.name === name : el.classes.includes(selector.slice(1))));
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  /** The element named `name` inside this one; throws when there is none. */
  field(name: string): FakeElement {
    const el = this.querySelector(`[name=${name}]`);
    if (!el) throw new Error(`no field ${name}`);
    return el;
  }
}

/** A step row as the page's template holds it. */
function stepRow(): FakeElement {
  const row = new FakeElement(['step', 'card']);
  for (const child of [
    new FakeElement(['step-number']),
    new FakeElement([], 'skill'),
    new FakeElement([], 'stepName'),
    new FakeElement(['remove-step']),
  ]) {
    row.appendChild(child);
  }
  const config = new FakeElement([], 'config');
  config.value = '{}';
  row.appendChild(config);
  return row;
}

/** The create-workflow page's elements, by id, for a plan. */
export function createWorkflowDom(planId: string) {
  const form = new FakeElement([], '', { 'data-plan-id': planId });
  for (const name of ['id', 'name', 'description']) form.appendChild(new FakeElement([], name));
  const steps = new FakeElement();
  form.appendChild(steps);
  const elements: Record<string, unknown> = {
    'workflow-form': form,
    steps,
    'step-template': { content: { firstElementChild: { cloneNode: () => stepRow() } } },
    status: new FakeElement(),
    'add-step': new FakeElement(),
  };
  const document = { getElementById: (id: string) => elements[id] ?? null };
  return { document, form, steps, field: (name: string) => form.field(name), status: elements.status, addStep: elements['add-step'] };
}
