import './earlyFlowStart';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App, startEditor } from './App';
import { afterPaint } from './panels/afterPaint';
import { parseRoute } from './route';
import '@xyflow/react/dist/style.css';
import './styles.css';

const route = parseRoute(window.location.pathname);
if (route.replaceWith) window.history.replaceState(null, '', route.replaceWith);

const root = document.getElementById('root');
if (root) {
  const editor = startEditor(route.planId, route.versionName);
  const reactRoot = createRoot(root);
  // Rendered at once with its effects, in which React Flow takes the nodes: the first paint has them.
  void editor.firstFrame.then(() => {
    flushSync(() =>
      reactRoot.render(
        <StrictMode>
          <App editor={editor} planId={route.planId} versionName={route.versionName} />
        </StrictMode>,
      ),
    );
    afterPaint(editor.painted);
  });
}
