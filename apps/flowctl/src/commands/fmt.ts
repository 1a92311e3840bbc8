import { moveSecretsToEnv, serializeFlow } from '@flow/core';
import { flagOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';
import { expandFiles } from '../files/expandFiles.js';
import { loadFlowFile } from '../files/readFlowFile.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { STDIN_ARG, shownName } from '../files/stdin.js';
import { filesToCheck } from './validate.js';
import type { FmtFile } from '../reports.js';

/** `flowctl fmt [files...] [--check]`: canonical form, secrets out of the files unless kept; `-` formats stdin to stdout. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const check = flagOption(invocation, 'check');
  const keepSecrets = flagOption(invocation, 'keepSecrets');
  const { files, unmatched } = await expandFiles(filesToCheck(invocation, ctx), ctx.io.cwd);
  const results: FmtFile[] = [];
  for (const file of files) {
    const loaded = await loadFlowFile(file, ctx.io.cwd, ctx.stdin);
    const name = shownName(file);
    if (!loaded.ok) {
      results.push({ file: name, status: 'bad', secrets: [], findings: loaded.findings.filter((f) => f.severity === 'error') });
      continue;
    }
    const { doc, moved } = keepSecrets ? { doc: loaded.doc, moved: [] } : moveSecretsToEnv(loaded.doc);
    const text = serializeFlow(doc);
    if (file === STDIN_ARG) {
      // Standard input is never written back: its canonical form goes to stdout (with --check, nothing).
      const same = text === loaded.text;
      for (const secret of moved)
        ctx.warn(`${name}: ${check ? 'would move' : 'moved'} the secret at ${secret.path} to the environment variable ${secret.env}`);
      results.push({
        file: name,
        status: same ? 'unchanged' : check ? 'would-format' : 'formatted',
        secrets: moved,
        findings: [],
        ...(check ? {} : { text }),
      });
      continue;
    }
    if (text === loaded.text) {
      results.push({ file, status: 'unchanged', secrets: [], findings: [] });
      continue;
    }
    if (!check) await writeFileAtomic(file, text, ctx.io.cwd);
    const verb = check ? 'would move' : 'moved';
    for (const secret of moved) ctx.warn(`${file}: ${verb} the secret at ${secret.path} to the environment variable ${secret.env}`);
    results.push({ file, status: check ? 'would-format' : 'formatted', secrets: moved, findings: [] });
  }
  const changed = results.filter((r) => r.status === 'formatted' || r.status === 'would-format').length;
  const bad = results.filter((r) => r.status === 'bad').length;
  const failed = bad > 0 || (check && changed > 0);
  return { kind: 'fmt', data: { check, files: results, changed, bad, unmatched }, exitCode: failed ? EXIT.findings : EXIT.ok };
}
