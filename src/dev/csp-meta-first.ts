import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** A CSP `<meta>` only covers what the parser meets after it, so it moves to right after `<meta charset>`. */

const cspMeta = /<meta http-equiv="content-security-policy" content="[^"]*">/gi;
const headStart = /<head>\s*<meta charset="utf-8">/i;

export function moveCspMetaFirst(html: string, page = 'page'): string {
  const metas = html.match(cspMeta) ?? [];
  if (metas.length !== 1) throw new Error(`${page}: expected one content-security-policy <meta>, found ${metas.length}`);
  const head = headStart.exec(html);
  if (!head) throw new Error(`${page}: <head> does not begin with <meta charset="utf-8">`);
  const afterCharset = head.index + head[0].length;
  if (Buffer.byteLength(html.slice(0, afterCharset)) > 1024) {
    throw new Error(`${page}: <meta charset> ends after the first 1024 bytes`);
  }
  const meta = metas[0]!;
  const without = html.replace(meta, '');
  return without.slice(0, afterCharset) + meta + without.slice(afterCharset);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Before any `astro:build:done` hook reads the pages (the Netlify adapter copies 404.html into its function). */
export function cspMetaFirst(): AstroIntegration {
  return {
    name: 'csp-meta-first',
    hooks: {
      'astro:build:generated': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = await htmlFiles(root);
        if (files.length === 0) throw new Error(`csp-meta-first: no HTML pages in ${root}`);
        for (const file of files) await writeFile(file, moveCspMetaFirst(await readFile(file, 'utf8'), file.slice(root.length)));
        logger.info(`CSP <meta> moved to the top of <head> in ${files.length} pages`);
      },
    },
  };
}
