// The browser bundle of /embed.js (<flow-chat>): one minified IIFE, no framework, served by routes/embedScript.ts.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { embed: 'src/embed/main.ts' },
  outDir: 'dist/browser',
  format: ['iife'],
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  clean: true,
  dts: false,
  sourcemap: false,
  outExtension: () => ({ js: '.js' }),
});
