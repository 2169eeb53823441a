// `npm run test:html`: the Nu HTML Checker over every built page in dist/; run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Its Java downloader never runs (package.json allowScripts); the machine's Java is used.
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

const dist = resolve('dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The checker's CSS validator predates `@property`, which Tailwind 4 emits for its `--tw-*` properties: three kinds of message, all Tailwind's. */
function isKnownFalsePositive(m: VnuMessage): boolean {
  if (!m.message.startsWith('CSS: ')) return false;
  return (
    m.message === 'CSS: Unrecognized at-rule “@property”' ||
    m.message === "CSS: “margin-trim”: Property “margin-trim” doesn't exist." ||
    /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\.$/.test(m.message)
  );
}

const files = htmlFiles(dist).sort();
if (files.length === 0) {
  console.error('No HTML in dist/: run `npm run build` first.');
  process.exit(1);
}

const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error || run.status !== 0 || !run.stderr.trim().startsWith('{')) {
  console.error('The Nu HTML Checker did not run (is Java 11+ on the PATH?).', run.error?.message ?? run.stderr.slice(0, 2000));
  process.exit(1);
}
const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };

const errors = new Map<string, VnuMessage[]>();
let ignored = 0;
for (const m of messages) {
  if (m.type === 'info') continue;
  if (isKnownFalsePositive(m)) {
    ignored++;
    continue;
  }
  const page = m.url ? relative(dist, fileURLToPath(m.url)) : '(checker)';
  errors.set(page, [...(errors.get(page) ?? []), m]);
}

for (const [page, list] of errors) {
  console.error(`\n${page}: ${list.length} error${list.length === 1 ? '' : 's'}`);
  for (const m of list)
    console.error(`  ${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.message}${m.extract ? `\n      ${JSON.stringify(m.extract)}` : ''}`);
}
const total = [...errors.values()].reduce((n, list) => n + list.length, 0);
console.log(
  `\nNu HTML Checker: ${files.length} pages, ${total} error${total === 1 ? '' : 's'} (${ignored} known CSS @property false positives ignored).`,
);
process.exit(total > 0 ? 1 : 0);
