import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { parseRoute } from './route';
import './styles.css';

const route = parseRoute(window.location.pathname);
if (route.replaceWith) window.history.replaceState(null, '', route.replaceWith);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App planId={route.planId} versionName={route.versionName} />
    </StrictMode>,
  );
}
