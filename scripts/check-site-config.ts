// Every build stops on malformed company facts; a production build also stops on sample facts and testimonials without recorded consent.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { formatProblems, isProductionContext, siteConfigProblems, type TestimonialSource } from '../src/config/company-facts';

const PAGES_DIR = 'src/content/pages';

export function readTestimonials(dir = PAGES_DIR): TestimonialSource[] {
  const found: TestimonialSource[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const file = join(dir, name);
    const data = parse(readFileSync(file, 'utf8')) as { testimonial?: { name?: string; consented?: boolean; source?: string } } | null;
    const t = data?.testimonial;
    if (t) found.push({ file, name: t.name ?? '?', consented: t.consented === true, source: t.source });
  }
  return found;
}

export function checkSiteConfig(env: Record<string, string | undefined> = process.env, pagesDir = PAGES_DIR): 0 | 1 {
  const problems = siteConfigProblems(env, readTestimonials(pagesDir));
  if (problems.length === 0) return 0;
  console.error(formatProblems(problems, isProductionContext(env)));
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--pages');
  process.exit(checkSiteConfig(process.env, at > 0 ? process.argv[at + 1] : undefined));
}
