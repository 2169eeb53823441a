// `npm run audit [-- --write] [-- --runs N] [-- /route ...]`: Lighthouse (mobile preset) on every public page of the production build,
// the median-Performance run of N (default 3) per page, then the signed-in app states (scripts/audit/app-states.ts).
// Exits 1 when a page misses the budget. `--app-only` / `--public-only` / `--state=<name>` pick what runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { env } from '../src/server/platform/env';
import { chromiumArgs, chromiumPath } from '../tests/e2e/chromium';
import { type AppMeasure, appStates, measureAppStates, signInCookie } from './audit/app-states';
import { machine, table as markdownTable, today, writeBlock } from './bench/report';
import { publicRoutes } from '../tests/e2e/public-routes';

const budget = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof budget;
const categories = Object.keys(budget) as Category[];

const args = process.argv.slice(2);
const write = args.includes('--write');
const routes = args.filter((a) => a.startsWith('/'));
const appOnly = args.includes('--app-only');
const publicOnly = args.includes('--public-only');
const stateNames = args.filter((a) => a.startsWith('--state=')).map((a) => a.slice('--state='.length));
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : 3;
const port = env.SERVE_PORT;
const origin = `http://localhost:${port}`;

async function waitForServer(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000; // a fresh embedded database on a busy machine
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server exited early');
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${origin} within 180 s`);
}

interface Row {
  route: string;
  scores: Record<Category, number>;
  lcp: string;
  tbt: string;
  cls: string;
}

const server = spawn('npx', ['tsx', 'scripts/serve.ts', '--fresh'], {
  env: { ...process.env, SERVE_PORT: String(port), PGLITE_DATA_DIR: '.data/audit/db', DATABASE_URL: '', DATABASE_DRIVER: 'pglite' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stopServer = () => {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
};

/** The audit browser's own cookie jar, because the dashboard reads `signed_in` from `document.cookie`, which an `extraHeaders` cookie never reaches. */
async function useCookies(chromePort: number, cookie: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: origin };
        }),
      );
    }
  } finally {
    await browser.close();
  }
}

/** A run that ends in a runtime error (a trace hiccup on a busy machine scores 0) is repeated. */
async function audit(chromePort: number, route: string, attempts = 3, cookie: string | null = null) {
  await useCookies(chromePort, cookie);
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${origin}${route}`, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const error = result.lhr.runtimeError?.code ?? (result.lhr.categories.performance?.score == null ? 'NO_SCORE' : undefined);
    if (!error) return result.lhr;
    console.error(`${route}: Lighthouse run ${attempt} failed (${error})${attempt < attempts ? ', again' : ''}`);
    if (attempt >= attempts) return result.lhr;
  }
}

function summarise(measured: NonNullable<Awaited<ReturnType<typeof audit>>>[]) {
  measured.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = measured[Math.floor(measured.length / 2)]!;
  const metric = (id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '–';
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

const rows: Row[] = [];
const appRows: { measure: AppMeasure; lighthouse?: ReturnType<typeof summarise> }[] = [];
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
try {
  await waitForServer(server);
  chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] });
  if (!publicOnly) {
    const cookies = {
      'elev@demo.no': await signInCookie(origin, 'elev@demo.no'),
      'admin@demo.no': await signInCookie(origin, 'admin@demo.no'),
      'superbruker@demo.no': await signInCookie(origin, 'superbruker@demo.no'),
    };
    const measures = await measureAppStates(
      origin,
      (await appStates(origin, cookies['elev@demo.no'])).filter((s) => stateNames.length === 0 || stateNames.includes(s.name)),
      cookies,
    );
    for (const measure of measures) {
      if (!measure.available) {
        console.error(`${measure.state.name}: not available (${measure.state.path} answers 404)`);
        appRows.push({ measure });
        continue;
      }
      const measured = [];
      for (let run = 0; run < runs; run++) measured.push(await audit(chrome.port, measure.state.path, 3, measure.cookie));
      const lighthouseResult = summarise(measured);
      appRows.push({ measure, lighthouse: lighthouseResult });
      console.error(
        `${measure.state.name}: JS ${kb(measure.jsGzip)} gzip, ${measure.violations.length} axe violations, Lighthouse ${categories.map((c) => lighthouseResult.scores[c]).join(' / ')}`,
      );
      for (const v of measure.violations) console.error(`  axe: ${v}`);
    }
  }
  for (const route of appOnly ? [] : routes.length > 0 ? routes : publicRoutes) {
    const measured = [];
    for (let run = 0; run < runs; run++) measured.push(await audit(chrome.port, route));
    measured.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = measured[Math.floor(measured.length / 2)];
    if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
    const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '–';
    const row: Row = {
      route,
      scores: Object.fromEntries(categories.map((c) => [c, score(c)])) as Record<Category, number>,
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
    rows.push(row);
    const failed = categories.flatMap((c) =>
      row.scores[c] < budget[c]
        ? Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
            .filter((a) => lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
            .map((a) => `${c}: ${a.id}`)
        : [],
    );
    console.error(`${route}: ${categories.map((c) => row.scores[c]).join(' / ')}${failed.length ? `  (${failed.join(', ')})` : ''}`);
  }
} finally {
  chrome?.kill();
  stopServer();
}

const header = '| Page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |';
const table = [
  header,
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.route} | ${categories.map((c) => r.scores[c]).join(' | ')} | ${r.lcp} | ${r.tbt} | ${r.cls} |`),
].join('\n');
if (rows.length) console.log(`\nLighthouse ${lighthouseVersion()} (mobile preset, median of ${runs}), ${today()}\n\n${table}\n`);

const appTable = markdownTable(
  ['App state (signed in)', 'JS raw', 'JS gzip', 'First load', 'Transfer', 'axe', 'Perf.', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS'],
  appRows.map(({ measure: m, lighthouse: l }) =>
    m.available && l
      ? [
          m.state.name,
          kb(m.jsRaw),
          kb(m.jsGzip),
          kb(m.jsFirstLoadGzip),
          kb(m.transferred),
          m.violations.length,
          ...categories.map((c) => l.scores[c]),
          l.lcp,
          l.tbt,
          l.cls,
        ]
      : [m.state.name, 'not available', '', '', '', '', '', '', '', '', '', '', ''],
  ),
);
const appBlock = [
  `Measured ${today()} with \`npm run audit\` on ${machine()}; Lighthouse ${lighthouseVersion()}, mobile preset, median of ${runs} run(s), signed in through the session cookie.`,
  "JS: every script file downloaded until the state is reached plus inline scripts, gzip level 9 per file (as the budget tests count). First load: the gzipped JavaScript requested before the page's island hydrated, plus inline scripts (decision 34; what loads on demand afterwards, such as the notes editor, is not in it). Transfer: all bytes on the wire (gzip on, as Netlify). axe: WCAG 2.1 AA violations in the state (panel open, tab chosen); Lighthouse measures the page load of the same URL.",
  appTable,
].join('\n\n');
if (appRows.length) console.log(`\n${appBlock}\n`);

const misses = rows.filter((r) => categories.some((c) => r.scores[c] < budget[c]));
if (write && rows.length) recordTable(table);
if (write && appRows.length) writeBlock('app-audit', appBlock);
if (misses.length > 0) {
  console.error(`Below budget: ${misses.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
process.exit(0);

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
}

function recordTable(markdown: string): void {
  const file = 'docs/performance.md';
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`${file} needs the markers ${start} and ${end}`);
  const stamp = `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion()} (mobile preset, median of ${runs} runs a page), \`npm run audit -- --write\`.`;
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${stamp}\n\n${markdown}\n${doc.slice(to)}`);
}
