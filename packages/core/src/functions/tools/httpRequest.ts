import { isRecord } from '../../model/paths.js';
import { fillTemplate, templateNames } from './templates.js';
import { ToolRefusal, type ToolRequest } from './toolHost.js';

/** The words of each refusal, defined once. */
export const refusals = {
  dotSegment: (name: string, value: string) =>
    `Refused to call: {{${name}}} is "${value}", which would move up or stay in the URL's path ("." and ".." cannot be a path segment)`,
  headerBreak: (name: string, header: string) =>
    `Refused to call: {{${name}}} holds a line break or NUL character, which the ${header} header cannot carry`,
  /** decisions.md: a variable nobody filled is never sent as the text `{{name}}`; the model is told what to ask for. */
  unfilled: (names: readonly string[]) =>
    `Not called: the request needs ${names.map((name) => `{{${name}}}`).join(', ')}, which neither the conversation nor the arguments gave. Ask the user for ${names.length === 1 ? 'it' : 'them'}, then call this tool again`,
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
/** A value of a secret field once resolved: `{ key }` or the text itself. */
const secretText = (value: unknown): string => (typeof value === 'string' ? value : isRecord(value) ? text(value.key) : '');

// `.`, `..` and their percent-encoded spellings: a server reads them as 'this folder' and 'the folder above'.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
const HEADER_BREAK = /[\r\n\0]/;
const FORM_TYPE = /^\s*application\/x-www-form-urlencoded\b/i;
// `name=value&name=value`, not JSON: a form body written by hand.
const FORM_SHAPE = /^[^\s=&{}[\]"]+=[^&]*(?:&[^\s=&]+=[^&]*)*$/;

/** The texts of one call of an http_calls function that may hold `{{variables}}`: URL, parameter and header values, body. */
export function httpCallTexts(call: Record<string, unknown>): string[] {
  return [
    text(call.url),
    ...records(call.params).map((p) => text(p.value)),
    ...records(call.headers).map((h) => text(h.value)),
    text(isRecord(call.body) && isRecord(call.body.raw) ? call.body.raw.data : ''),
  ];
}

/** One path segment: slashes, `?` and `#` encoded; `.` and `..` refused. */
function pathSegment(value: string, name: string): string {
  if (DOT_SEGMENT.test(value)) throw new ToolRefusal(refusals.dotSegment(name, value));
  return encodeURIComponent(value);
}

/** One value of a query or form, as URLSearchParams writes it: `&` and `=` cannot add a field. */
const formValue = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);

/** A value inside a JSON string of the body. */
const jsonValue = (value: string): string => JSON.stringify(value).slice(1, -1);

/** The URL with each `{{variable}}` encoded for where it stands: a path segment before the query, a query value after. */
function filledUrl(template: string, values: Readonly<Record<string, string>>): URL {
  const query = template.search(/[?#]/);
  const path = query === -1 ? template : template.slice(0, query);
  const rest = query === -1 ? '' : template.slice(query);
  return new URL(fillTemplate(path, values, pathSegment) + fillTemplate(rest, values, formValue));
}

/**
 * The request of one call of an http_calls function, with the model's arguments and the
 * conversation's variables filled in, each encoded for where it goes (path segment, query, header,
 * form or JSON body); a ToolRefusal when a value would change the request's shape, or
 * when a `{{variable}}` has no value at all.
 */
export function httpRequestOf(call: Record<string, unknown>, values: Readonly<Record<string, string>>): ToolRequest {
  const unfilled = templateNames(...httpCallTexts(call)).filter((name) => !Object.hasOwn(values, name));
  if (unfilled.length > 0) throw new ToolRefusal(refusals.unfilled(unfilled));
  const url = filledUrl(text(call.url), values);
  for (const param of records(call.params))
    if (text(param.name) !== '') url.searchParams.append(text(param.name), fillTemplate(text(param.value), values));
  const headers: Record<string, string> = {};
  const secretHeaders: string[] = [];
  for (const header of records(call.headers)) {
    const name = text(header.name);
    if (name === '') continue;
    headers[name] = fillTemplate(secretText(header.value), values, (value, variable) => {
      if (HEADER_BREAK.test(value)) throw new ToolRefusal(refusals.headerBreak(variable, name));
      return value;
    });
    if (isRecord(header.value)) secretHeaders.push(name);
  }
  if (text(call.authorization) === 'bearer') headers.Authorization = `Bearer ${secretText(call.bearer_token)}`;
  const method = (text(call.method) || 'GET').toUpperCase();
  const rawBody = isRecord(call.body) && isRecord(call.body.raw) ? text(call.body.raw.data) : '';
  if (method === 'GET' || method === 'HEAD' || rawBody === '') return { url, method, headers, secretHeaders };
  const typeHeader = Object.keys(headers).find((h) => h.toLowerCase() === 'content-type');
  const looksJson = /^\s*[[{]/.test(rawBody);
  const isForm = typeHeader === undefined ? !looksJson && FORM_SHAPE.test(rawBody.trim()) : FORM_TYPE.test(headers[typeHeader] ?? '');
  const body = fillTemplate(rawBody, values, isForm ? formValue : looksJson ? jsonValue : (v) => v);
  if (typeHeader === undefined && (looksJson || isForm))
    headers['Content-Type'] = isForm ? 'application/x-www-form-urlencoded' : 'application/json';
  return { url, method, headers, body, secretHeaders };
}
