import './earlyFlowStart';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startEditor } from './App';
import { parseRoute } from './route';
import '@xyflow/react/dist/style.css';
import './styles.css';

const route = parseRoute(window.location.pathname);
if (route.replaceWith) window.history.replaceState(null, '', route.replaceWith);

const root = document.getElementById('root');
if (root) {
  const editor = startEditor(route.planId, route.versionName);
  createRoot(root).render(
    <StrictMode>
      <App editor={editor} planId={route.planId} versionName={route.versionName} />
    </StrictMode>,
  );
}
