// The entry of /embed.js: defines <flow-chat>, talking by default to the provider that served this script.
import { flowChatElement } from './flowChatElement.js';

// Read while the script runs: document.currentScript is null afterwards.
const script = document.currentScript;
const defaultApi = script instanceof HTMLScriptElement && script.src !== '' ? new URL(script.src).origin : location.origin;

if (customElements.get('flow-chat') === undefined) customElements.define('flow-chat', flowChatElement(defaultApi));
