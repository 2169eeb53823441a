// `npm run size`: each function's zip against its budget (scripts/bundles.ts), plus the static site's weight; `-- --check` exits 1 when over.
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { budgetOf, buildBundles } from './bundles';

const out = resolve('.netlify/size');
const started = Date.now();
const bundles = await buildBundles(resolve('.'), out);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
console.log('Function bundles (zip):        size      budget');
let over = 0;
for (const b of bundles) {
  const budget = budgetOf(b.name);
  const flag = b.bytes > budget ? '  OVER BUDGET' : '';
  if (flag) over++;
  console.log(`  ${b.name.padEnd(20)} ${kib(b.bytes).padStart(12)} ${mb(budget).padStart(9)}${flag}`);
}
console.log(`  ${'total'.padEnd(20)} ${kib(bundles.reduce((n, r) => n + r.bytes, 0)).padStart(12)}`);
console.log(`(${bundles.length} functions zipped in ${((Date.now() - started) / 1000).toFixed(1)} s into ${out})`);

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
if (over && process.argv.includes('--check')) {
  console.error(`${over} function bundle(s) over budget.`);
  process.exit(1);
}
