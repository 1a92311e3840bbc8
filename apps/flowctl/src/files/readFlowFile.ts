import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeFlowBytes, parseFlow, ruleFinding, type FlowDocument, type Finding } from '@flow/core';
import { fileError, type FileFinding } from '../errors.js';

/** A flow file read and parsed: the document, or the findings that say why there is none. */
export type LoadedFlow =
  | { ok: true; file: string; text: string; doc: FlowDocument }
  | { ok: false; file: string; text?: string; findings: FileFinding[] };

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'file not found',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** Findings of one file, each naming it. */
export function inFile(file: string, findings: readonly Finding[]): FileFinding[] {
  return findings.map((finding) => ({ file, ...finding }));
}

/** The text of a file, or the finding that says why it cannot be read (or is not UTF-8). */
export async function readText(file: string, cwd: string): Promise<{ ok: true; text: string } | { ok: false; finding: FileFinding }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(resolve(cwd, file));
  } catch (error) {
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
    const reason = READ_ERRORS[code] ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, finding: { file, ...ruleFinding('unreadable-file', '$', `Cannot read file: ${reason}`) } };
  }
  const decoded = decodeFlowBytes(bytes);
  return decoded.ok ? decoded : { ok: false, finding: { file, ...decoded.finding } };
}

/** Reads and parses a flow file; never throws. */
export async function loadFlowFile(file: string, cwd: string): Promise<LoadedFlow> {
  const read = await readText(file, cwd);
  if (!read.ok) return { ok: false, file, findings: [read.finding] };
  const parsed = parseFlow(read.text);
  if (!parsed.ok) return { ok: false, file, text: read.text, findings: inFile(file, parsed.findings) };
  return { ok: true, file, text: read.text, doc: parsed.doc };
}

/** Reads and parses a flow file, or throws the bad-file error that names it. */
export async function requireFlowFile(file: string, cwd: string): Promise<{ file: string; text: string; doc: FlowDocument }> {
  const loaded = await loadFlowFile(file, cwd);
  if (!loaded.ok) throw fileError(loaded.findings);
  return loaded;
}
