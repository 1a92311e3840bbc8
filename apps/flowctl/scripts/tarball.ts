// `pnpm --filter flowctl run tarball`: builds flowctl and writes apps/flowctl/flowctl-<version>.tgz.
import { fileURLToPath } from 'node:url';
import { packTarball } from './packTarball.js';

const { file, bytes } = packTarball(fileURLToPath(new URL('..', import.meta.url)));
process.stdout.write(`${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)\nInstall it with: npm i -g ${file}\n`);
