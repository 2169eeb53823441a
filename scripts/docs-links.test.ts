import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documentation stands alone: a clone has no sibling folders and may be
 * read offline, so README.md and docs/ link only to files inside the repository (which
 * must exist, with the heading a link names) and to local servers. This test keeps it so.
 */
const root = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown text offers: its headings' slugs (GitHub numbers repeats) and any id="…". */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug((heading ?? '').replace(/`/g, ''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/\sid="([^"]+)"/g)) found.add(id ?? '');
  return found;
}

/** Every problem with the links of one Markdown file, as 'line: what'. */
function linkProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const at = `${relative(root, file)}:${index + 1}`;
    if (line.includes('../shared')) problems.push(`${at}: points into ../shared, outside the repository`);
    // Any absolute URL, in a link or bare: only local servers.
    for (const [match] of line.matchAll(/\b(?:https?|ftp):\/\/[^\s)<>`'"\]]+/g)) {
      const url = match.replace(/[.,;:!?]+$/, '');
      const host = new URL(url).hostname;
      if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) problems.push(`${at}: external URL ${url}`);
    }
    // Link targets: [text](target), ![alt](target), [ref]: target.
    const targets = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map(
      (m) => m[1] ?? '',
    );
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
        if (!/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(target) && !target.startsWith('mailto:')) {
          if (!problems.some((p) => p.includes(target))) problems.push(`${at}: link leaves the repository: ${target}`);
        }
        continue;
      }
      const [pathPart = '', fragment = ''] = target.split('#', 2);
      const path = decodeURIComponent(pathPart);
      const resolved = path === '' ? file : path.startsWith('/') ? join(root, path) : resolve(dirname(file), path);
      if (relative(root, resolved).startsWith('..')) problems.push(`${at}: link resolves outside the repository: ${target}`);
      else if (resolved !== file && !existsSync(resolved)) problems.push(`${at}: link to a missing file: ${target}`);
      // A section moved to another page leaves no link to a heading that is no longer there.
      else if (
        fragment &&
        resolved.endsWith('.md') &&
        !anchors(resolved === file ? text : readFileSync(resolved, 'utf8')).has(decodeURIComponent(fragment))
      )
        problems.push(`${at}: link to a missing heading: ${target}`);
    }
  });
  return problems;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('documentation links stay inside the repository and find their headings', () => {
  it.each(files.map((file) => [relative(root, file), file]))('%s', (_name, file) => {
    expect(linkProblems(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('catches ../shared, outside paths, external sites and missing files, and allows the rest', () => {
    const file = join(root, 'docs', 'example.md');
    const problems = linkProblems(
      file,
      [
        'The spec is in [spec](../../shared/spec/learner-side.md) and `../shared/DESIGN.md`.',
        'See [the stack](https://github.com/epicweb-dev/epic-stack) or https://example.com/x.',
        '[up](../../outside.md) [gone](decisions/0099-nothing.md)',
        '[ref]: //cdn.example.com/a.js',
        'Fine: [readme](../README.md), [decision](decisions/0001-stack-and-layout.md#context), [anchor](#top),',
        'http://localhost:4321/logg-inn, [local](http://127.0.0.1:4322/api/health), [mail](mailto:kontakt@example.no).',
        '## Top',
        'Moved away: [gone](decisions/0001-stack-and-layout.md#rationale) [here](#nowhere); [still here](#top).',
      ].join('\n'),
    );
    expect(problems).toEqual([
      'docs/example.md:1: points into ../shared, outside the repository',
      'docs/example.md:1: link resolves outside the repository: ../../shared/spec/learner-side.md',
      'docs/example.md:2: external URL https://github.com/epicweb-dev/epic-stack',
      'docs/example.md:2: external URL https://example.com/x',
      'docs/example.md:3: link resolves outside the repository: ../../outside.md',
      'docs/example.md:3: link to a missing file: decisions/0099-nothing.md',
      'docs/example.md:4: link leaves the repository: //cdn.example.com/a.js',
      'docs/example.md:8: link to a missing heading: decisions/0001-stack-and-layout.md#rationale',
      'docs/example.md:8: link to a missing heading: #nowhere',
    ]);
  });
});
