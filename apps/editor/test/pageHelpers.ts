// What the browser tests share: finding nodes, edges and toasts, acting on the canvas as a person
// would (mouse, keyboard), seeding plans and reading what the provider stored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowDocument } from '@flow/core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DRAFT_DATABASE } from '../src/sync/draftDatabase';
import { localSaveKey } from '../src/sync/draftMarks';
import { repoRoot } from './browser';
import type { EditorHarness, Example } from './harness';

/**
 * The parts of the canvas and the toasts that have no role a person could name (React Flow's and
 * sonner's classes, the node's own parts), each named once: the tests reach them through the
 * functions below, never by these strings.
 */
const CANVAS = '#main-flow';
const RF_NODE = `${CANVAS} .react-flow__node`;
const RF_EDGE = `${CANVAS} .react-flow__edge`;
const RF_PATTERN = `${CANVAS} .react-flow__background pattern`;
const SELECTED = '.selected';
const TOAST = '[data-sonner-toast]';
const UNNAMED = {
  canvas: CANVAS,
  node: RF_NODE,
  selectedNode: `${RF_NODE}${SELECTED}`,
  edge: RF_EDGE,
  selectedEdge: `${RF_EDGE}${SELECTED}`,
  edgePath: 'path.react-flow__edge-path',
  pane: `${CANVAS} .react-flow__pane`,
  viewport: `${CANVAS} .react-flow__viewport`,
  handle: '.react-flow__handle',
  connectionLine: `${CANVAS} .react-flow__connectionline`,
  controls: `${CANVAS} .react-flow__controls`,
  backgroundPattern: RF_PATTERN,
  backgroundDot: `${RF_PATTERN} circle`,
  nodeFrame: '.flow-node',
  nodeOfType: (type: string) => `${CANVAS} .flow-node-${type}`,
  nodeHeader: '.flow-node-header',
  nodeName: '.flow-node-name',
  nodeProblem: '.flow-node-problem',
  canvasColumn: '.editor-canvas',
  sidePanel: '#side-panel',
  planLabelPlan: 'strong',
  planLabelVersion: '.plan-bar-version',
  emojiPicker: 'emoji-picker',
  toast: TOAST,
  errorToast: `${TOAST}[data-type="error"]`,
  visibleToast: `${TOAST}[data-visible="true"]`,
} as const;

/** The canvas: React Flow's wrapper (the 'application' of the flow). */
export function canvas(page: Page): Locator {
  return page.locator(UNNAMED.canvas);
}

/** A node on the canvas by its flow node id. */
export function nodeEl(page: Page, id: string): Locator {
  return page.locator(`${UNNAMED.node}[data-id="${id}"]`);
}

/** A node's name as drawn in its header: where a person clicks or right-clicks to select it. */
export function nodeName(page: Page, id: string): Locator {
  return nodeEl(page, id).locator(UNNAMED.nodeName);
}

/** The names drawn in these nodes' headers. */
export function namesIn(nodesOrNode: Locator): Locator {
  return nodesOrNode.locator(UNNAMED.nodeName);
}

/** A node's header (badge, name, remove icon). */
export function nodeHeader(node: Locator): Locator {
  return node.locator(UNNAMED.nodeHeader);
}

/** What the rules find wrong with a node, drawn in red under it. */
export function nodeProblem(page: Page, id: string): Locator {
  return nodeEl(page, id).locator(UNNAMED.nodeProblem);
}

/** A node's box (border, problem colour, aria-describedby), inside React Flow's wrapper. */
export function nodeFrame(node: Locator): Locator {
  return node.locator(UNNAMED.nodeFrame);
}

/** The nodes of one type ('prompt', 'function', 'workflow'), by the frame each draws. */
export function nodesOfType(page: Page, type: 'prompt' | 'function' | 'workflow'): Locator {
  return page.locator(UNNAMED.nodeOfType(type));
}

/** The editor's left column: the canvas with its bars. */
export function canvasColumn(page: Page): Locator {
  return page.locator(UNNAMED.canvasColumn);
}

/** The editor's right column: the side panel (a drawer on a narrow window). */
export function sidePanel(page: Page): Locator {
  return page.locator(UNNAMED.sidePanel);
}

/**
 * The canvas and side panel columns' widths in % of the editor, their outer edges and the
 * editor's width, read in one frame.
 */
export async function columnWidths(
  page: Page,
): Promise<{ canvas: number; panel: number; canvasLeft: number; panelRight: number; editorWidth: number }> {
  return page.getByTestId('editor').evaluate(
    (editorEl, sel) => {
      const rect = (selector: string): DOMRect => {
        const el = document.querySelector(selector);
        if (!el) throw new Error(`no ${selector}`);
        return el.getBoundingClientRect();
      };
      const editor = editorEl.getBoundingClientRect();
      const canvas = rect(sel.canvasColumn);
      const panel = rect(sel.sidePanel);
      return {
        canvas: (canvas.width / editor.width) * 100,
        panel: (panel.width / editor.width) * 100,
        canvasLeft: canvas.left,
        panelRight: panel.right,
        editorWidth: editor.width,
      };
    },
    { canvasColumn: UNNAMED.canvasColumn, sidePanel: UNNAMED.sidePanel },
  );
}

/** The top bar's plan id and version, as drawn beside each other. */
export function planLabelPlan(page: Page): Locator {
  return page.getByTestId('plan-label').locator(UNNAMED.planLabelPlan);
}

export function planLabelVersion(page: Page): Locator {
  return page.getByTestId('plan-label').locator(UNNAMED.planLabelVersion);
}

/** The element with this id (what an aria-describedby names). */
export function byId(page: Page, id: string): Locator {
  return page.locator(`[id="${id}"]`);
}

/** emoji-picker-element's own element inside the picker popup (its database, its size and columns). */
export function emojiPickerElement(popup: Locator): Locator {
  return popup.locator(UNNAMED.emojiPicker);
}

/** Every toast on screen. */
export function toasts(page: Page): Locator {
  return page.locator(UNNAMED.toast);
}

/** A toast with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return toasts(page).filter({ hasText: text });
}

/** The error toasts. */
export function errorToasts(page: Page): Locator {
  return page.locator(UNNAMED.errorToast);
}

/** The toasts sonner draws as visible (it keeps older ones stacked and hidden). */
export function visibleToasts(page: Page): Locator {
  return page.locator(UNNAMED.visibleToast);
}

/** The element that has the focus. */
export function focusedElement(page: Page): Locator {
  return page.locator(':focus');
}

/** Resolves once the canvas viewport has kept the same transform for a few animation frames. */
export async function viewportSettled(page: Page): Promise<void> {
  await page.evaluate(
    (selector) =>
      new Promise<void>((resolve) => {
        const el = document.querySelector(selector);
        let last = '';
        let same = 0;
        const check = () => {
          const now = el instanceof HTMLElement ? el.style.transform : '';
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    UNNAMED.viewport,
  );
}

/** Resolves after the page has painted twice: what an input did synchronously is on screen by then. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Waits until a Radix layer drawn just now (a dialog, the palette, the image zoom) takes a press
 * outside it and Esc as its own: Radix sets both up in tasks after the frame that draws the layer,
 * and under load Chromium handles input before such tasks, so a press sent at once was missed or
 * went to the layer under it. A person's press comes later; the test's comes after the next frames.
 */
export async function layerReady(page: Page): Promise<void> {
  await nextFrames(page);
}

/** The canvas control that fits the whole flow in view. */
export function fitViewButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Fit View', exact: true });
}

/** Zooms the canvas out so that the whole flow is in view (the fit view control), once the view stops moving. */
export async function fitView(page: Page): Promise<void> {
  await fitViewButton(page).click();
  await viewportSettled(page);
}

/**
 * Holds the requests that match `url` until `release()`: a test sees the loading state they cause
 * for as long as it needs, without guessing how long a request takes.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

/** The flow the provider stores for a plan version. */
export async function storedFlow(
  baseUrl: string,
  planId: string,
  version = 'production',
  headers: Record<string, string> = {},
): Promise<FlowDocument> {
  const res = await fetch(`${baseUrl}/api/flows/${planId}/${version}`, { headers });
  if (!res.ok) throw new Error(`GET flow: ${res.status}`);
  return (await res.json()) as FlowDocument;
}

/**
 * Replaces a stored flow as another editor or flowctl would: over the version it reads just
 * before (If-Match), or creating it (If-None-Match: *) when there is none. A write that lands in
 * between (a page of the previous test saving as it closes) makes it read and write again, as a
 * teammate who meant to replace the flow would.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- any document-like object, whole or partial
export async function putFlow<T extends Pick<FlowDocument, 'planId' | 'versionName'>>(baseUrl: string, doc: T): Promise<void> {
  const url = `${baseUrl}/api/flows/${doc.planId}/${doc.versionName}`;
  for (let attempt = 1; ; attempt++) {
    const current = await fetch(url);
    const etag = current.headers.get('ETag');
    const precondition: Record<string, string> = current.ok && etag ? { 'If-Match': etag } : { 'If-None-Match': '*' };
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...precondition },
      body: JSON.stringify(doc),
    });
    if (res.ok) return;
    if (res.status !== 412 || attempt === 3) throw new Error(`PUT flow: ${res.status} ${await res.text()}`);
  }
}

/** The banner of a conflict: 'Changed elsewhere' with 'Reload' and 'Overwrite'. */
export function conflictBanner(page: Page): Locator {
  return page.getByTestId('conflict-banner');
}

/** Waits until the editor has written its changes to the provider. */
export async function waitSaved(page: Page): Promise<void> {
  await page
    .getByTestId('save-state')
    .filter({ hasText: /^Saved$/ })
    .waitFor({ timeout: 10_000 });
}

/** Centre of an element on the page. */
export async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The parts of a flow document these tests read. */
export interface DocNode {
  id: string;
  type: 'function' | 'prompt' | 'workflow';
  chain: string;
  position: { x: number; y: number };
  data: Record<string, unknown> & { name?: string; prompt?: string; trigger_text?: string };
}
export interface DocEdge {
  id: string;
  source: string;
  target: string;
  kind: 'node' | 'chain';
}
export interface Doc {
  planId: string;
  versionName: string;
  systemPrompt: string;
  agentContext: string;
  agentNotes: string;
  nodes: DocNode[];
  edges: DocEdge[];
  [key: string]: unknown;
}

/** An example of examples/ (the harness's list). */
export type ExamplePlan = Example;

/** An example flow as stored in examples/. */
export function exampleDoc(plan: ExamplePlan): Doc {
  return JSON.parse(readFileSync(join(repoRoot, 'examples', plan, 'production.flow.json'), 'utf8')) as Doc;
}

/** Writes a whole document to the provider, as a teammate would: over the version there now. */
export async function putDoc(h: EditorHarness, planId: string, doc: Doc): Promise<void> {
  await putFlow(h.server.url, { ...doc, planId, versionName: 'production' });
}

/**
 * Stores a copy of an example under a new plan id, so a test can change it without touching the
 * others; `change` may edit the copy first.
 */
export async function seedPlan(h: EditorHarness, example: ExamplePlan, planId: string, change?: (doc: Doc) => void): Promise<Doc> {
  const doc = exampleDoc(example);
  doc.planId = planId;
  change?.(doc);
  await putDoc(h, planId, doc);
  return getDoc(h, planId);
}

/** The document the provider holds now. */
export async function getDoc(h: EditorHarness, planId: string): Promise<Doc> {
  const reply = await fetch(`${h.server.url}/api/flows/${planId}/production`);
  if (!reply.ok) throw new Error(`GET ${planId} failed: ${reply.status}`);
  return (await reply.json()) as Doc;
}

/** Waits until the provider's document satisfies `check` (autosave is debounced 800 ms). */
export async function savedDoc(h: EditorHarness, planId: string, check: (doc: Doc) => boolean, timeout = 8000): Promise<Doc> {
  let last: Doc | undefined;
  await expect
    .poll(
      async () => {
        last = await getDoc(h, planId);
        return check(last);
      },
      { timeout },
    )
    .toBe(true);
  return last as Doc;
}

/** Opens a plan and waits until its nodes are drawn. */
export async function openPlan(h: EditorHarness, planId: string): Promise<Page> {
  const page = await h.open(`/${planId}/production`);
  await nodes(page).first().waitFor();
  return page;
}

/** An edge on the canvas by id. */
export function edge(page: Page, id: string): Locator {
  return page.locator(`${UNNAMED.edge}[data-id="${id}"]`);
}

/** All edges drawn on the canvas. */
export function edges(page: Page): Locator {
  return page.locator(UNNAMED.edge);
}

/** All nodes drawn on the canvas. */
export function nodes(page: Page): Locator {
  return page.locator(UNNAMED.node);
}

/** The nodes drawn as selected. */
export function selectedNodes(page: Page): Locator {
  return page.locator(UNNAMED.selectedNode);
}

/** The edges drawn as selected. */
export function selectedEdges(page: Page): Locator {
  return page.locator(UNNAMED.selectedEdge);
}

/** The drawn path of an edge (stroke, dashes, length). */
export function edgePath(page: Page, id: string): Locator {
  return edge(page, id).locator(UNNAMED.edgePath);
}

/** The line drawn from a handle while a person drags a new connection. */
export function connectionLine(page: Page): Locator {
  return page.locator(UNNAMED.connectionLine);
}

/** The canvas's zoom and fit view controls. */
export function canvasControls(page: Page): Locator {
  return page.locator(UNNAMED.controls);
}

/** The dot pattern of the canvas background. */
export function backgroundPattern(page: Page): Locator {
  return page.locator(UNNAMED.backgroundPattern);
}

/** The dot the background pattern repeats. */
export function backgroundDot(page: Page): Locator {
  return page.locator(UNNAMED.backgroundDot);
}

/** A bottom-bar button by its visible label. */
export function barButton(page: Page, label: string): Locator {
  return page.getByRole('toolbar', { name: 'Flow actions' }).getByRole('button', { name: label });
}

/** A node's position in flow coordinates, read from its drawn transform. */
export async function nodePosition(page: Page, id: string): Promise<{ x: number; y: number }> {
  const transform = await nodeEl(page, id).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
  if (!m) throw new Error(`no position in "${transform}"`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

/** The canvas viewport transform: pan and zoom. */
export async function viewport(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  const transform = await page.locator(UNNAMED.viewport).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)\s*scale\(([\d.]+)\)/.exec(transform);
  if (!m) throw new Error(`no viewport in "${transform}"`);
  return { x: Number(m[1]), y: Number(m[2]), zoom: Number(m[3]) };
}

/** A point of the empty canvas near its top-left corner (below the top bar). */
export async function paneCorner(page: Page): Promise<{ x: number; y: number }> {
  const box = await canvas(page).boundingBox();
  if (!box) throw new Error('no canvas');
  return { x: box.x + 12, y: box.y + 12 };
}

/**
 * Zooms out with the mouse wheel over the canvas corner until the zoom is at most `zoom`, so
 * that a whole example flow is on screen.
 */
export async function zoomOut(page: Page, zoom = 0.6): Promise<void> {
  const corner = await paneCorner(page);
  await page.mouse.move(corner.x, corner.y);
  for (let i = 0; i < 20 && (await viewport(page)).zoom > zoom; i++) {
    const before = (await viewport(page)).zoom;
    await page.mouse.wheel(0, 300);
    // Each wheel step is applied before the next one (or the zoom is at its minimum).
    await expect.poll(async () => (await viewport(page)).zoom < before || before <= 0.3).toBe(true);
  }
  expect((await viewport(page)).zoom).toBeLessThanOrEqual(zoom);
}

/** The bare canvas under the nodes: a click there clears the selection and gives the canvas the keys. */
export function canvasPane(page: Page): Locator {
  return page.locator(UNNAMED.pane);
}

/** Clicks a node on its name, as a person selects it. */
export async function clickNode(page: Page, id: string, modifiers?: Array<'Shift' | 'Control' | 'Meta'>): Promise<void> {
  await nodeName(page, id).click(modifiers ? { modifiers } : {});
}

/** Ids of the nodes drawn as selected. */
export async function selectedIds(page: Page): Promise<string[]> {
  return selectedNodes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
}

/** Drags with the mouse from one element to another, in small steps as a hand would. */
export async function dragBetween(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await centre(from);
  const b = await centre(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 8 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** A node's handles, all four. */
export function handles(page: Page, id: string): Locator {
  return nodeEl(page, id).locator(UNNAMED.handle);
}

/** A handle of a node: top, left, right or bottom. */
export function handle(page: Page, id: string, side: 'top' | 'left' | 'right' | 'bottom'): Locator {
  return nodeEl(page, id).locator(`${UNNAMED.handle}-${side}`);
}

/** The point on screen in the middle of an edge's drawn path. */
export async function edgeMiddle(page: Page, id: string): Promise<{ x: number; y: number }> {
  return edgePath(page, id).evaluate((el) => {
    if (!(el instanceof SVGPathElement)) throw new Error('not a path');
    const mid = el.getPointAtLength(el.getTotalLength() / 2);
    const m = el.getScreenCTM();
    if (!m) throw new Error('edge not on screen');
    const p = new DOMPoint(mid.x, mid.y).matrixTransform(m);
    return { x: p.x, y: p.y };
  });
}

/** Right-clicks the middle of an edge's drawn path. */
export async function rightClickEdge(page: Page, id: string): Promise<void> {
  const point = await edgeMiddle(page, id);
  await page.mouse.click(point.x, point.y, { button: 'right' });
}

/**
 * The save worker's IndexedDB record of a plan version's draft (schema, savedAt, flow, synced,
 * baseEtag) as this browser keeps it, or null; with `put`, that record is written first (as an
 * editor before draft marks would have left it).
 */
function draftStoreRecord(page: Page, planId: string, versionName: string, put?: Record<string, unknown>) {
  return page.evaluate(
    ([{ name, store, version }, key, record]) =>
      new Promise<Record<string, unknown> | null>((resolve) => {
        const open = indexedDB.open(name, version);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const objects = open.result.transaction(store, record === null ? 'readonly' : 'readwrite').objectStore(store);
          if (record !== null) objects.put(record, key);
          const get = objects.get(key);
          get.onerror = () => resolve(null);
          get.onsuccess = () => {
            const found: unknown = get.result;
            open.result.close();
            resolve(typeof found === 'object' && found !== null ? { ...found } : null);
          };
        };
      }),
    [DRAFT_DATABASE, localSaveKey(planId, versionName), put ?? null] as const,
  );
}

/** The record this browser keeps of a plan version's draft (schema, savedAt, flow, synced, baseEtag), or null: the save worker's IndexedDB record. */
export function localDraftRecord(page: Page, planId: string, versionName = 'production'): Promise<Record<string, unknown> | null> {
  return draftStoreRecord(page, planId, versionName);
}

/** Writes the IndexedDB record of a plan version's draft directly, without its mark in local storage. */
export async function putLocalDraftRecord(
  page: Page,
  planId: string,
  record: Record<string, unknown>,
  versionName = 'production',
): Promise<void> {
  if ((await draftStoreRecord(page, planId, versionName, record)) === null) throw new Error('the draft record was not written');
}

/** The flow text this browser keeps as the draft of a plan version ('' when none). */
export async function localDraftText(page: Page, planId: string, versionName = 'production'): Promise<string> {
  const flow = (await localDraftRecord(page, planId, versionName))?.flow;
  return typeof flow === 'string' ? flow : '';
}

/**
 * Gives the provider's secret store `name` = `value` and points support-desk's order lookup (in
 * plan `plan`) at `apiUrl`'s /orders/{order_number}, sending that secret as its bearer token:
 * a Playground conversation then calls a local service, the token never leaving the provider.
 */
export async function lookUpOrdersAt(
  baseUrl: string,
  plan: string,
  apiUrl: string,
  secret: { name: string; value: string },
): Promise<void> {
  const stored = await fetch(`${baseUrl}/api/secrets/${secret.name}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: secret.value }),
  });
  expect(stored.ok).toBe(true);
  const doc = await storedFlow(baseUrl, plan);
  const nodes = doc.nodes.map((n) => {
    if (n.type !== 'function' || n.data.name !== 'Look up order') return n;
    const call = {
      method: 'GET',
      url: `${apiUrl}/orders/{{order_number}}`,
      params: [],
      authorization: 'bearer',
      bearer_token: { env: secret.name },
      headers: [],
      body: { raw: { data: '' } },
      output: { json: [{ name: 'status', value: 'status' }] },
    };
    return { ...n, data: { ...n.data, metadata: { ...n.data.metadata, apicalls: [call] } } };
  });
  await putFlow(baseUrl, { ...doc, nodes });
}

/** What the page drew while it opened, as `watchOpening` notes it. */
export interface Opening {
  /** The nodes React Flow added hidden (visibility: hidden, before measuring them), by id. */
  hiddenNodes: string[];
  /** How many nodes and edges the first frame that drew the editor had (null until it drew it). */
  firstFrame: { nodes: number; edges: number } | null;
}

declare global {
  interface Window {
    __opening?: Opening;
  }
}

/** Notes from the page's start which nodes it adds hidden (read with `opening`). */
export async function watchOpening(page: Page): Promise<void> {
  await page.addInitScript(
    ({ node, edge }) => {
      const seen: Opening = { hiddenNodes: [], firstFrame: null };
      window.__opening = seen;
      // An animation frame's callbacks see the page as that frame paints it.
      const frame = () => {
        if (!document.querySelector('[data-testid="editor"]')) requestAnimationFrame(frame);
        else seen.firstFrame = { nodes: document.querySelectorAll(node).length, edges: document.querySelectorAll(edge).length };
      };
      requestAnimationFrame(frame);
      new MutationObserver((records) => {
        for (const record of records)
          for (const added of record.addedNodes)
            if (added instanceof HTMLElement && added.matches(node) && added.style.visibility === 'hidden')
              seen.hiddenNodes.push(added.dataset.id ?? '');
      }).observe(document, { childList: true, subtree: true });
    },
    { node: UNNAMED.node, edge: UNNAMED.edge },
  );
}

/** What `watchOpening` noted so far. */
export async function opening(page: Page): Promise<Opening> {
  return page.evaluate(() => window.__opening ?? { hiddenNodes: [], firstFrame: null });
}
