// `npm run size`: bundles every function in netlify/functions into the zip Netlify
// deploys (offline, with @netlify/zip-it-and-ship-it and the esbuild bundler, as
// netlify.toml configures) and prints each zip's size, plus the static site's weight.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

const out = resolve('.netlify/size');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const started = Date.now();
const results = await zipFunctions(resolve('netlify/functions'), out, {
  basePath: resolve('.'),
  repositoryRoot: resolve('.'),
  config: { '*': { nodeBundler: 'esbuild' } },
  archiveFormat: 'zip',
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const rows = results
  .filter((r) => r.path)
  .map((r) => ({ name: r.name, size: statSync(r.path).size }))
  .sort((a, b) => a.name.localeCompare(b.name));

console.log('Function bundles (zip):');
for (const row of rows) console.log(`  ${row.name.padEnd(20)} ${kib(row.size).padStart(12)}`);
console.log(`  ${'total'.padEnd(20)} ${kib(rows.reduce((n, r) => n + r.size, 0)).padStart(12)}`);
console.log(`(${rows.length} functions zipped in ${((Date.now() - started) / 1000).toFixed(1)} s into ${out})`);

function folderSize(dir: string): number {
  return readdirSync(dir).reduce((n, name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return n + (stat.isDirectory() ? folderSize(path) : stat.size);
  }, 0);
}
try {
  console.log(`Static site (${basename(resolve('dist'))}/): ${kib(folderSize(resolve('dist')))}`);
} catch {
  console.log('Static site: not built (run `npm run build`).');
}
