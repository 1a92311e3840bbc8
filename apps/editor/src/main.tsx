import './earlyFlowStart';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startEditor } from './App';
import { parseRoute } from './route';
import '@xyflow/react/dist/style.css';
import './styles.css';

/** The longest the first render waits for the plan's flow; with a slower provider the editor shows it loading. */
const FIRST_RENDER_WAIT_MS = 300;

const route = parseRoute(window.location.pathname);
if (route.replaceWith) window.history.replaceState(null, '', route.replaceWith);

const root = document.getElementById('root');
if (root) {
  const editor = startEditor(route.planId, route.versionName);
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App editor={editor} planId={route.planId} versionName={route.versionName} />
      </StrictMode>,
    );
  // The first render waits a moment for the flow, to draw the editor with its nodes in one pass: the
  // empty editor drawn first held the flow's parsing back (100 nodes: main thread 670 -> 610 ms).
  void Promise.race([editor.loaded, new Promise((wait) => setTimeout(wait, FIRST_RENDER_WAIT_MS))]).then(render);
}
