import type { ServerResponse } from 'node:http';
import { exactTime, relativeTime } from '@flow/core';
import { pageHeaders, sendBody } from '../http/respond.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A tagged template whose interpolations are escaped unless they are `Html` already. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = string | number | Html | readonly Html[];

/** Builds HTML; every interpolated string is escaped, arrays of Html are joined. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    if (part instanceof Html) out += part.text;
    else if (Array.isArray(part)) out += part.map((p: Html) => p.text).join('');
    else out += escapeHtml(String(part));
    out += strings[i + 1] ?? '';
  });
  return new Html(out);
}

/**
 * A date as people read it: '5 minutes ago', with the exact time (UTC) on hover; never a raw ISO
 * string. The machine-readable value stays in `datetime`.
 */
export function timeHtml(iso: string, now = Date.now()): Html {
  const exact = `${exactTime(iso, 'en-GB')} (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
  return html`<time datetime="${iso}" title="${exact}">${relativeTime(iso, now) || iso}</time>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:24px;color:#1d1d1f;background:#fafafa}
main{max-width:860px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
.muted{color:#6b6b70}.card{background:#fff;border:1px solid #e3e3e8;border-radius:8px;padding:12px 16px;margin:8px 0}
pre{white-space:pre-wrap;word-break:break-word;background:#f3f3f6;border-radius:6px;padding:8px 10px;margin:4px 0;font-size:13px}
label{display:block;font-weight:600;margin:10px 0 4px}
input,textarea{width:100%;box-sizing:border-box;font:inherit;padding:6px 8px;border:1px solid #c9c9d0;border-radius:6px}
textarea{min-height:70px;font-family:ui-monospace,monospace;font-size:13px}
button{font:inherit;padding:6px 12px;border-radius:6px;border:1px solid #c9c9d0;background:#fff;cursor:pointer}
button[type=submit]{background:#2f5bea;border-color:#2f5bea;color:#fff}
.row{display:grid;grid-template-columns:1fr 1fr auto;gap:8px;align-items:end}
.error{color:#b3261e}.ok{color:#1b7f3b}
.card>h2:first-child{margin-top:4px}ul.plain{list-style:none;padding:0;margin:0}.spread{display:flex;justify-content:space-between;align-items:center;gap:12px}
.spread form{margin:0}button.quiet[type=submit]{background:#fff;border-color:#c9c9d0;color:#b3261e}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
ol.plain{list-style:none;padding:0;margin:0}li.tool{margin:4px 0 4px 24px}li.tool summary{cursor:pointer;color:#3a3a40}
li.tool h3{font-size:13px;margin:8px 0 2px}li.user{border-left:3px solid #2f5bea}li.assistant{border-left:3px solid #1b7f3b}
li.card>p{margin:4px 0}.message{white-space:pre-wrap;word-break:break-word}
`;

/** A whole page: inline CSS and, when given, one script loaded from this server (never inline). */
export function page(title: string, body: Html, scriptPath?: string): string {
  const scriptTag = scriptPath ? html`<script src="${scriptPath}" defer></script>` : html``;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new Html(STYLE)}</style>${scriptTag}</head>
<body><main>${body}</main></body></html>
`.text;
}

/** Sends one of the provider's pages with the policy of every HTML page (pageHeaders). */
export function sendPage(res: ServerResponse, text: string, status = 200, headers: Record<string, string> = {}): void {
  sendBody(res, status, 'text/html; charset=utf-8', text, { ...pageHeaders(), 'Cache-Control': 'no-store', ...headers });
}
