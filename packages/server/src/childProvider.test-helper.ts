import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { REPO, SERVER_CLI, buildOnce, ensureServerBuilt, modified } from './testing/builds.js';

/** A program the tests run as its own Node process: a built file, or a TypeScript one compiled first. */
export interface Program {
  file: string;
  /**
   * A TypeScript file, compiled to JavaScript once per change (its types removed); what it
   * imports of `@flow/server` is still the build.
   */
  typescript?: boolean;
}

/** Where the compiled test programs go. */
const COMPILED = join(REPO, 'packages', 'server', 'node_modules', '.cache', 'test-programs');

/** What `@flow/server` means to a deployed program: the package's build (its "default" export). */
const SERVER_BUILD = pathToFileURL(join(REPO, 'packages', 'server', 'dist', 'index.js')).href;

/**
 * The JavaScript of a TypeScript test program, compiled when missing or older than its source, its
 * `@flow/server` import pointed at the build. Run through tsx instead, each process spent ~1.5 s
 * of CPU compiling it again.
 */
function compiled(file: string): string {
  const name = file.replace(/^.*\//, '').replace(/\.ts$/, '.mjs');
  const out = join(COMPILED, name);
  buildOnce(
    `test-program-${name}`,
    () => modified(out) > modified(file),
    () => {
      const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
        fileName: file,
      });
      const javascript = outputText.replaceAll("from '@flow/server'", `from '${SERVER_BUILD}'`);
      if (javascript === outputText) throw new Error(`${file} does not import '@flow/server'`);
      mkdirSync(COMPILED, { recursive: true });
      writeFileSync(`${out}.tmp`, javascript);
      renameSync(`${out}.tmp`, out);
    },
  );
  return out;
}

/** The provider's command line, built (built first when a source is newer). */
export const CLI: Program = { file: SERVER_CLI };

/**
 * The pausing provider of the crash tests (pausingProvider.test-helper.ts): the built provider,
 * holding its writes after a given step.
 */
export const PAUSING: Program = { file: fileURLToPath(new URL('./pausingProvider.test-helper.ts', import.meta.url)), typescript: true };

/**
 * Runs `program` as its own Node process. Both run the build of the provider (~0.5 s of CPU to
 * start; from the sources through tsx it took ~2.3 s).
 */
export function spawnProgram(program: Program, args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  ensureServerBuilt();
  return spawn(process.execPath, [program.typescript === true ? compiled(program.file) : program.file, ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the first match of `pattern` in what the child prints on `stream`; rejects if it exits first. */
export function waitForOutput(
  child: ChildProcess,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const source = stream === 'stdout' ? child.stdout : child.stderr;
    const done = (): void => {
      clearTimeout(timer);
      source?.off('data', onData);
      child.off('exit', onExit);
    };
    const onData = (chunk: Buffer): void => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match) {
        done();
        resolve(match);
      }
    };
    const onExit = (code: number | null): void => {
      done();
      reject(new Error(`process exited (${String(code)}) before printing ${String(pattern)}: ${text}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`process did not print ${String(pattern)} within ${timeoutMs} ms: ${text}`));
    }, timeoutMs);
    source?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** The provider's CLI as its own process over `dir` (nothing seeded), and the URL it prints. */
export async function spawnProvider(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnProgram(CLI, ['--port', '0', '--dir', dir, '--seed', join(dir, 'no-seed')]);
  const [url] = await waitForOutput(child, 'stdout', /http:\/\/127\.0\.0\.1:\d+/);
  return { child, url };
}

/** Kills a child with SIGKILL (if it still runs) and resolves once it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
