/** The element's styles, inside its shadow root: nothing leaks into the page or from it. */
export const FLOW_CHAT_STYLES = `
:host{--flow-chat-accent:#1d4ed8;position:fixed;right:20px;bottom:20px;z-index:2147483000;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
*{box-sizing:border-box}
button,textarea{font:inherit}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.bubble{width:56px;height:56px;border-radius:50%;border:0;background:var(--flow-chat-accent);color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center;margin-left:auto}
.bubble svg{width:26px;height:26px;fill:currentColor}
.panel{position:absolute;right:0;bottom:72px;width:min(380px,calc(100vw - 40px));height:min(560px,calc(100vh - 112px));background:#fff;border:1px solid #d1d5db;border-radius:12px;box-shadow:0 10px 30px rgba(0,0,0,.2);display:flex;flex-direction:column;overflow:hidden}
.panel[hidden]{display:none}
header{display:flex;align-items:center;gap:8px;padding:10px 12px;background:var(--flow-chat-accent);color:#fff}
h2{flex:1;margin:0;font-size:16px;font-weight:600}
.close{border:0;background:transparent;color:#fff;font-size:22px;line-height:1;width:32px;height:32px;border-radius:6px;cursor:pointer}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 11px;border-radius:10px;overflow-wrap:anywhere}
.user{align-self:flex-end;background:#e0e7ff;white-space:pre-wrap}
.assistant{align-self:flex-start;background:#f3f4f6}
.assistant>:first-child{margin-top:0}.assistant>:last-child{margin-bottom:0}
.msg p,.msg ul,.msg ol,.msg pre{margin:0 0 8px}
.msg ul,.msg ol{padding-left:20px}
.msg .heading{display:block;margin:0 0 6px}
.msg a{color:#1e40af}
.msg code{font:13px ui-monospace,Menlo,Consolas,monospace;background:#e5e7eb;padding:0 3px;border-radius:3px}
.msg pre{background:#1f2937;color:#f9fafb;padding:8px;border-radius:6px;overflow-x:auto}
.msg pre code{background:none;padding:0;color:inherit}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.error{margin:0 12px 8px;padding:8px 10px;border-radius:8px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.error:empty{display:none}
form{display:flex;gap:8px;padding:10px 12px;border-top:1px solid #e5e7eb}
textarea{flex:1;resize:none;min-height:40px;max-height:120px;padding:8px;border:1px solid #6b7280;border-radius:8px;color:inherit}
.send{border:0;border-radius:8px;padding:0 14px;background:var(--flow-chat-accent);color:#fff;cursor:pointer}
.send:disabled{background:#6b7280;cursor:default}
@media (prefers-reduced-motion:no-preference){.panel{animation:rise .18s ease-out}.bubble{transition:transform .15s}.bubble:hover{transform:scale(1.06)}}
@keyframes rise{from{opacity:0;transform:translateY(8px)}}
`;
