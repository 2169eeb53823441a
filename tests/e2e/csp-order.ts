import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Every built HTML page under `dir` (dist/ or another build's out dir). */
export function builtPages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(dir, name))
    .sort();
}

/**
 * What is wrong with where a built page's CSP `<meta>` stands (empty: nothing). The rule
 * (decision 22): one policy `<meta>`, right after `<meta charset>` as the first elements of
 * `<head>`, so it covers every `<script>`; the charset declaration within the first 1024 bytes.
 * The page is parsed by Chromium's own HTML parser (DOMParser, which runs nothing), so a
 * `</script>` in the middle of a script's text counts as the browser counts it.
 */
export async function cspMetaProblems(page: Page, file: string): Promise<string[]> {
  const html = readFileSync(file, 'utf8');
  const problems: string[] = [];
  const charset = Buffer.from(html).indexOf('<meta charset="utf-8">');
  if (charset < 0 || charset + '<meta charset="utf-8">'.length > 1024) problems.push('<meta charset="utf-8"> is not within the first 1024 bytes');
  problems.push(
    ...(await page.evaluate((source) => {
      const found: string[] = [];
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const metas = doc.querySelectorAll('meta[http-equiv="content-security-policy" i]');
      if (metas.length !== 1) found.push(`${metas.length} content-security-policy <meta> elements`);
      const meta = metas[0];
      if (!meta) return found;
      const first = doc.head.firstElementChild;
      if (!first?.matches('meta[charset]')) found.push(`<head> begins with <${first?.localName}>, not <meta charset>`);
      if (first?.nextElementSibling !== meta)
        found.push(`<${first?.nextElementSibling?.localName}> stands between <meta charset> and the CSP <meta>`);
      for (const script of doc.querySelectorAll('script')) {
        if (meta.compareDocumentPosition(script) & Node.DOCUMENT_POSITION_PRECEDING)
          found.push(`a <script> before the CSP <meta>: ${script.outerHTML.slice(0, 100)}`);
      }
      return found;
    }, html)),
  );
  return problems;
}
