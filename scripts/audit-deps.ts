// `npm run audit:deps`: fails on a high or critical advisory of a deployed package that docs/testing.md does not explain by its GHSA id.
// Skipped (exit 0) when npm's audit endpoint cannot be reached; `-- --from report.json` checks a saved report.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface Advisory {
  source?: number;
  name?: string;
  title?: string;
  url?: string;
  severity?: string;
  range?: string;
}
interface AuditReport {
  vulnerabilities?: Record<string, { severity: string; via: (string | Advisory)[] }>;
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: { prod?: number } };
  error?: { summary?: string; detail?: string };
  message?: string;
  statusCode?: number;
}

const from = process.argv.indexOf('--from');
const run =
  from > 0
    ? { stdout: readFileSync(process.argv[from + 1]!, 'utf8'), stderr: '', error: undefined }
    : spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report: AuditReport | undefined;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = undefined;
}

if (!report || !report.vulnerabilities || report.statusCode || report.error) {
  const why = report?.message ?? report?.error?.summary ?? run.error?.message ?? (run.stderr.trim().split('\n').at(-1) || 'no answer');
  console.log(`npm audit SKIPPED: the registry's audit endpoint could not be used (${why}). Run it where registry.npmjs.org is reachable.`);
  process.exit(0);
}

const serious = new Map<string, Advisory & { packageName: string }>();
for (const [packageName, entry] of Object.entries(report.vulnerabilities)) {
  for (const via of entry.via) {
    if (typeof via === 'string') continue; // a dependency that is vulnerable through another one, listed itself
    if (via.severity === 'high' || via.severity === 'critical') serious.set(via.url ?? `${packageName}:${via.title}`, { ...via, packageName });
  }
}

const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit --omit=dev: ${report.metadata?.dependencies?.prod ?? '?'} production dependencies; advisories: ` +
    ['critical', 'high', 'moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', '),
);

const advisories = readFileSync('docs/testing.md', 'utf8');
const unexplained = [...serious.values()].filter((a) => {
  const id = a.url?.split('/').at(-1);
  return !id || !advisories.includes(id);
});
for (const a of serious.values()) {
  const explained = !unexplained.includes(a);
  console.log(`  ${a.severity} ${a.packageName} ${a.range ?? ''}: ${a.title} ${a.url ?? ''}${explained ? ' (explained in docs/testing.md)' : ''}`);
}
if (unexplained.length > 0) {
  console.error(
    `${unexplained.length} high or critical advisory(ies) not explained in "Dependency advisories" (docs/testing.md): update the package or explain why it does not apply.`,
  );
  process.exit(1);
}
console.log('No unexplained high or critical advisory.');
