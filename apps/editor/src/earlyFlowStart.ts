// Imported first by main.tsx, so that it runs before the rest of the editor's code evaluates.
import { startEarlyFlow } from './api/earlyFlow';

startEarlyFlow(window.location.pathname);
