import type { ServerResponse } from 'node:http';
import { relativeTime } from '@flow/core';
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

const DAY_MS = 24 * 3600 * 1000;

/** The server's own time zone: the dashboard's dates are said in it, and it is named on hover. */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The calendar day of `at` in `timeZone`, as a count of days (comparable, not a date). */
function dayNumber(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return Date.parse(`${parts}T00:00:00Z`) / DAY_MS;
}

/**
 * What people say of a date, seen at `now`: 'just now', '5 minutes ago', 'today at 14:05',
 * 'yesterday at 09:12', '3 days ago', '12 Nov', '12 Nov 2025' (calendar days of `timeZone`).
 */
export function spokenTime(iso: string, now = Date.now(), timeZone = SERVER_TIME_ZONE): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  // The future (another server's clock) and the last hour: as core says them.
  if (at > now || now - at < 3600 * 1000) return relativeTime(iso, now);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const days = dayNumber(now, timeZone) - dayNumber(at, timeZone);
  if (days === 0) return `today at ${clock}`;
  if (days === 1) return `yesterday at ${clock}`;
  if (days < 7) return `${days} days ago`;
  const year = (t: number): string => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(t);
  const sameYear = year(at) === year(now);
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    at,
  );
}

/**
 * A date as people say it (`spokenTime`), with the exact date and time and its zone on hover;
 * never a raw ISO string. The machine-readable value stays in `datetime`. Every dashboard date.
 */
export function timeHtml(iso: string, now = Date.now(), timeZone = SERVER_TIME_ZONE): Html {
  const at = Date.parse(iso);
  const exact = Number.isNaN(at)
    ? iso
    : `${new Date(at).toLocaleString('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'medium' })} (${timeZone})`;
  return html`<time datetime="${iso}" title="${exact}">${spokenTime(iso, now, timeZone)}</time>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:24px;color:#1d1d1f;background:#fafafa}
body.app{padding:0}main{max-width:860px;margin:0 auto}body.app main{padding:24px}
a{color:#2149c9}:focus-visible{outline:3px solid #2f5bea;outline-offset:2px}main:focus{outline:none}
.skip{position:absolute;left:12px;top:-48px;background:#fff;padding:8px 12px;border-radius:6px;z-index:1}.skip:focus{top:8px}
header.bar{background:#fff;border-bottom:1px solid #e3e3e8}header.bar>div{max-width:860px;margin:0 auto;padding:10px 24px 8px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
.brand{font-weight:700;margin-right:auto}.switcher{display:flex;gap:6px;align-items:center;margin:0;flex:0 1 420px;min-width:0}
.switcher label{display:inline;margin:0;font-weight:600;white-space:nowrap}.switcher select{flex:1;min-width:0}
select{font:inherit;padding:5px 8px;border:1px solid #c9c9d0;border-radius:6px;background:#fff}
header.bar nav{flex-basis:100%}header.bar nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px;padding:0;margin:0}
header.bar nav a{display:block;padding:6px 12px;border-radius:6px;text-decoration:none;color:#3a3a40}header.bar nav a:hover{background:#f0f0f4}
header.bar nav a[aria-current]{background:#e8edfd;color:#1a3aa8;font-weight:600}

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

/** What a page has besides its body: one script loaded from this server (never inline), the dashboard's header. */
export interface PageParts {
  script?: string;
  /** The dashboard's header: with it, a skip link to the main content comes first. */
  header?: Html;
}

/** A whole page: one stylesheet (inline) for every page, `<main id="main">` holding the body. */
export function page(title: string, body: Html, parts: PageParts = {}): string {
  const scriptTag = parts.script === undefined ? html`` : html`<script src="${parts.script}" defer></script>`;
  const top = parts.header === undefined ? html`` : html`<a class="skip" href="#main">Skip to content</a>${parts.header}`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new Html(STYLE)}</style>${scriptTag}</head>
<body${parts.header === undefined ? html`` : html` class="app"`}>${top}<main id="main" tabindex="-1">${body}</main></body></html>
`.text;
}

/** Sends one of the provider's pages with the policy of every HTML page (pageHeaders). */
export function sendPage(res: ServerResponse, text: string, status = 200, headers: Record<string, string> = {}): void {
  sendBody(res, status, 'text/html; charset=utf-8', text, { ...pageHeaders(), 'Cache-Control': 'no-store', ...headers });
}
