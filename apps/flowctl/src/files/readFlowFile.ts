import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeFlowBytes, parseFlow, ruleFinding, type FlowDocument, type Finding, errorMessage } from '@flow/core';
import { fileError, type FileFinding } from '../errors.js';
import { STDIN_ARG, STDIN_NAME, shownName, type StdinReader } from './stdin.js';

/** A flow file read and parsed: the document, or the findings that say why there is none. */
export type LoadedFlow =
  { ok: true; file: string; text: string; doc: FlowDocument } | { ok: false; file: string; text?: string; findings: FileFinding[] };

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'file not found',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** Findings of one file, each naming it (`<stdin>` for `-`). */
export function inFile(file: string, findings: readonly Finding[]): FileFinding[] {
  return findings.map((finding) => ({ file: shownName(file), ...finding }));
}

/**
 * The text of a file (standard input for `-`, with a reader), or the finding that says why it
 * cannot be read (or is not UTF-8). Findings name standard input `<stdin>`.
 */
export async function readText(
  file: string,
  cwd: string,
  stdin?: StdinReader,
): Promise<{ ok: true; text: string } | { ok: false; finding: FileFinding }> {
  let bytes: Uint8Array;
  if (file === STDIN_ARG && stdin !== undefined) {
    const decoded = decodeFlowBytes(await stdin());
    return decoded.ok ? decoded : { ok: false, finding: { file: STDIN_NAME, ...decoded.finding } };
  }
  try {
    bytes = await readFile(resolve(cwd, file));
  } catch (error) {
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
    const reason = READ_ERRORS[code] ?? errorMessage(error);
    return { ok: false, finding: { file, ...ruleFinding('unreadable-file', '$', `Cannot read file: ${reason}`) } };
  }
  const decoded = decodeFlowBytes(bytes);
  return decoded.ok ? decoded : { ok: false, finding: { file, ...decoded.finding } };
}

/** Reads and parses a flow file; never throws (but for a usage error of `-` with nothing piped). */
export async function loadFlowFile(file: string, cwd: string, stdin?: StdinReader): Promise<LoadedFlow> {
  const read = await readText(file, cwd, stdin);
  if (!read.ok) return { ok: false, file, findings: [read.finding] };
  const parsed = parseFlow(read.text);
  if (!parsed.ok) return { ok: false, file, text: read.text, findings: inFile(file, parsed.findings) };
  return { ok: true, file, text: read.text, doc: parsed.doc };
}

/** Reads and parses a flow file, or throws the bad-file error that names it. */
export async function requireFlowFile(
  file: string,
  cwd: string,
  stdin?: StdinReader,
): Promise<{ file: string; text: string; doc: FlowDocument }> {
  const loaded = await loadFlowFile(file, cwd, stdin);
  if (!loaded.ok) throw fileError(loaded.findings);
  return loaded;
}
