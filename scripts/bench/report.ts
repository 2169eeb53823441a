import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export function table(header: string[], rows: (string | number)[][], rightFrom = 1): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i >= rightFrom ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...cells.slice(1).map(line)].join('\n');
}

export function machine(extra: string[] = []): string {
  const cpu = cpus();
  const parts = [
    `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores`,
    `${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
    `Node ${process.version}`,
    ...extra,
  ];
  return parts.join(', ');
}

export const today = () => new Date().toISOString().slice(0, 10);

export function gitRevision(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Replaces `<!-- name:start -->…<!-- name:end -->` in docs/performance.md (appends the block when missing). */
export function writeBlock(name: string, content: string, file = 'docs/performance.md'): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = readFileSync(file, 'utf8');
  const block = `${start}\n\n${content.trim()}\n\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  writeFileSync(file, i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`);
}
