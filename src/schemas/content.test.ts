import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { z } from 'zod';
import { loadCatalogue } from '../../db/catalogue';
import { legalSchema, pageSchema, toolCategorySchema, workflowCategorySchema } from './content';

/**
 * The same checks `astro build` makes on the content collections, runnable in a
 * second: every content file is valid against its schema, and every page the
 * site renders from a content file has one.
 */
const contentDir = fileURLToPath(new URL('../content', import.meta.url));

function files(folder: string, ext: string): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith(ext))
    .sort();
}

function check<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${file}:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}

function frontMatter(source: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match?.[1]) throw new Error('missing front matter');
  return parse(match[1]);
}

const expectedPages = {
  'automatisering.yaml': 'consulting',
  'bedrift-konsulent.yaml': 'consulting',
  'dashboards.yaml': 'consulting',
  'personlig-konsulent.yaml': 'consulting',
  'konsulent.yaml': 'consulting-overview',
  'om-oss.yaml': 'about',
  'kontakt.yaml': 'contact',
  'nettbasert-pakke.yaml': 'bundle',
  'trenings-pakke.yaml': 'physical',
  'live-nettkurs.yaml': 'live',
  'landing.yaml': 'landing',
  'ki-verktoy.yaml': 'tools',
  'ki-workflows.yaml': 'workflows',
} as const;

describe('content collections', () => {
  it('has one valid page file of the right kind for every content page', () => {
    expect(files('pages', '.yaml')).toEqual(Object.keys(expectedPages).sort());
    for (const [file, kind] of Object.entries(expectedPages)) {
      const page = check(pageSchema, parse(readFileSync(join(contentDir, 'pages', file), 'utf8')), file);
      expect(page.kind, file).toBe(kind);
    }
  });

  it('gives every page a unique title and description', () => {
    const seo = files('pages', '.yaml').map((f) => check(pageSchema, parse(readFileSync(join(contentDir, 'pages', f), 'utf8')), f).seo);
    expect(new Set(seo.map((s) => s.title)).size).toBe(seo.length);
    expect(new Set(seo.map((s) => s.description)).size).toBe(seo.length);
  });

  it('resolves the packages the consultant overview shows', () => {
    const overview = check(pageSchema, parse(readFileSync(join(contentDir, 'pages', 'konsulent.yaml'), 'utf8')), 'konsulent.yaml');
    if (overview.kind !== 'consulting-overview') throw new Error('konsulent.yaml has the wrong kind');
    for (const group of overview.groups) {
      const source = check(pageSchema, parse(readFileSync(join(contentDir, 'pages', `${group.page}.yaml`), 'utf8')), group.page);
      if (source.kind !== 'consulting') throw new Error(`${group.page} is not a consulting page`);
      for (const id of group.packageIds)
        expect(
          source.packages.map((p) => p.id),
          group.page,
        ).toContain(id);
    }
  });

  it('has six tool categories of three tools and six workflow categories of two workflows', () => {
    const tools = files('tools', '.yaml').map((f) => check(toolCategorySchema, parse(readFileSync(join(contentDir, 'tools', f), 'utf8')), f));
    expect(tools).toHaveLength(6);
    expect(tools.map((c) => c.order).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const workflows = files('workflows', '.yaml').map((f) =>
      check(workflowCategorySchema, parse(readFileSync(join(contentDir, 'workflows', f), 'utf8')), f),
    );
    expect(workflows).toHaveLength(6);
    expect(workflows.map((c) => c.order).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('has the four legal pages, last updated 29 September 2025', () => {
    expect(files('legal', '.md')).toEqual(['angrekrav.md', 'cookies.md', 'personvern.md', 'vilkar.md']);
    for (const file of files('legal', '.md')) {
      const meta = check(legalSchema, frontMatter(readFileSync(join(contentDir, 'legal', file), 'utf8')), file);
      expect(meta.updated.toISOString().slice(0, 10), file).toBe('2025-09-29');
    }
  });

  it('gives every catalogue course its marketing fields', () => {
    const courses = loadCatalogue();
    expect(courses).toHaveLength(6);
    for (const course of courses) expect(course.marketing.priceNok, course.id).toBeGreaterThan(0);
  });
});
