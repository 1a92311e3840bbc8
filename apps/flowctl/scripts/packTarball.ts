// Makes the installable package of flowctl: one tarball with everything bundled, so that
// `npm i -g ./flowctl-<version>.tgz` works in an empty folder without a registry.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const APP = fileURLToPath(new URL('..', import.meta.url));
const REPO = join(APP, '..', '..');

/** The emoji data the editor's picker asks the provider for (EMOJI_PICKER in the editor). */
const EMOJI_DATA = join('en', 'emojibase', 'data.json');

interface AppPackage {
  name: string;
  version: string;
  description: string;
  bin: Record<string, string>;
  engines: Record<string, string>;
}

function appPackage(): AppPackage {
  const raw: unknown = JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8'));
  const field = (key: string): unknown => (typeof raw === 'object' && raw !== null && key in raw ? Reflect.get(raw, key) : undefined);
  const text = (key: string): string => {
    const value = field(key);
    if (typeof value !== 'string') throw new Error(`apps/flowctl/package.json has no ${key}`);
    return value;
  };
  const record = (key: string): Record<string, string> => {
    const value = field(key);
    if (typeof value !== 'object' || value === null) throw new Error(`apps/flowctl/package.json has no ${key}`);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  };
  return { name: text('name'), version: text('version'), description: text('description'), bin: record('bin'), engines: record('engines') };
}

/** The package.json of the tarball: what npm needs to install and run it, and no dependency at all. */
export function publishedPackageJson(): Record<string, unknown> {
  const pkg = appPackage();
  return {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    type: 'module',
    bin: pkg.bin,
    files: ['dist', 'README.md'],
    engines: pkg.engines,
    keywords: ['flow', 'agents', 'prompt', 'cli', 'ci'],
    // Everything it runs is bundled into dist (tsup, noExternal): nothing to fetch at install.
    dependencies: {},
  };
}

/**
 * Packs flowctl (built: apps/flowctl/dist) into `outDir` and returns the tarball's path. The
 * tarball carries the bundled CLI, the built editor (when apps/editor/dist exists, so `flowctl
 * serve` opens the whole product), the <flow-chat> script (/embed.js) and the emoji picker's data.
 */
export function packTarball(outDir: string): { file: string; bytes: number } {
  const dist = join(APP, 'dist');
  if (!existsSync(join(dist, 'cli.js'))) throw new Error('Build flowctl first: pnpm --filter flowctl build');
  const stage = mkdtempSync(join(tmpdir(), 'flowctl-pack-'));
  try {
    cpSync(dist, join(stage, 'dist'), { recursive: true });
    const editor = join(REPO, 'apps', 'editor', 'dist');
    if (existsSync(join(editor, 'index.html'))) cpSync(editor, join(stage, 'dist', 'editor'), { recursive: true });
    const embed = join(REPO, 'packages', 'server', 'dist', 'browser', 'embed.js');
    if (existsSync(embed)) {
      mkdirSync(join(stage, 'dist', 'browser'), { recursive: true });
      cpSync(embed, join(stage, 'dist', 'browser', 'embed.js'));
    }
    const emojiPackage = dirname(createRequire(join(APP, 'package.json')).resolve('emoji-picker-element-data/package.json'));
    mkdirSync(dirname(join(stage, 'dist', 'emoji', EMOJI_DATA)), { recursive: true });
    cpSync(join(emojiPackage, EMOJI_DATA), join(stage, 'dist', 'emoji', EMOJI_DATA));
    cpSync(join(APP, 'README.md'), join(stage, 'README.md'));
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(publishedPackageJson(), null, 2)}\n`);
    mkdirSync(outDir, { recursive: true });
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
      cwd: stage,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
    });
    const packed: unknown = JSON.parse(out);
    const first: unknown = Array.isArray(packed) ? packed[0] : undefined;
    const filename: unknown = typeof first === 'object' && first !== null ? Reflect.get(first, 'filename') : undefined;
    if (typeof filename !== 'string') throw new Error(`npm pack said: ${out}`);
    const file = join(outDir, filename);
    return { file, bytes: statSync(file).size };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
