// The home page's entry (home.html): the plan list alone, so that '/' loads none of the editor.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { HomePage } from './HomePage';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HomePage />
    </StrictMode>,
  );
}
