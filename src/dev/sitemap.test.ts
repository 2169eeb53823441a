import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapFilter, sitemapMiddleware } from './sitemap';

/**
 * The dev server's sitemap (@astrojs/sitemap writes its files only when a build ends,
 * so /sitemap-index.xml, linked from every page and named in robots.txt, was a 404
 * under `npm start`). Routes as Astro resolves them: static pages, a dynamic page with
 * getStaticPaths, an endpoint, on-demand pages (one with a fixed path, which @astrojs/sitemap lists
 * as it lists '/', one dynamic) and the pages kept out of the sitemap.
 */
const page = { type: 'page', origin: 'project', isPrerendered: true, entrypoint: '', generate: () => '' } as const;
const routes = [
  { ...page, pathname: '/' },
  { ...page, pathname: '/om-oss' },
  { ...page, pathname: '/logg-inn' },
  { ...page, pathname: '/404' },
  { ...page, pathname: undefined, entrypoint: 'src/pages/[course].astro', generate: (p: { course: string }) => `/${p.course}` },
  { ...page, type: 'endpoint', pathname: '/robots.txt' },
  { ...page, isPrerendered: false, pathname: '/on-demand' },
  { ...page, isPrerendered: false, pathname: undefined, entrypoint: 'src/pages/course/[courseId].astro', generate: () => '/course/x' },
  { ...page, origin: 'internal', pathname: '/_image' },
] as const;
const load = async (entrypoint: string) => ({
  getStaticPaths: async () =>
    entrypoint.includes('[course]') ? [{ params: { course: 'ki-for-kontoret' } }, { params: { course: 'grunnleggende-ki' } }] : [],
});
let server: Server;
let base: string;

beforeAll(async () => {
  const middleware = sitemapMiddleware({ site: 'http://localhost:4321', routes: () => [...routes], load, filter: sitemapFilter });
  server = createServer((req, res) => middleware(req, res, () => res.writeHead(299).end('passed on to Astro')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('the dev server sitemap', () => {
  it('regression: /sitemap-index.xml answers, pointing at the sitemap on SITE_URL', async () => {
    const response = await fetch(`${base}/sitemap-index.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(xml)).toEqual(['http://localhost:4321/sitemap-0.xml']);
  });

  it('lists every page with a fixed path, prerendered dynamic ones from getStaticPaths, without the filtered ones', async () => {
    const response = await fetch(`${base}/sitemap-0.xml`);
    expect(response.status).toBe(200);
    expect(locs(await response.text())).toEqual([
      'http://localhost:4321/',
      'http://localhost:4321/grunnleggende-ki',
      'http://localhost:4321/ki-for-kontoret',
      'http://localhost:4321/om-oss',
      'http://localhost:4321/on-demand',
    ]);
  });

  it('leaves every other request to Astro', async () => {
    expect((await fetch(`${base}/om-oss`)).status).toBe(299);
    expect((await fetch(`${base}/sitemap-index.xml`, { method: 'POST' })).status).toBe(299);
  });
});

describe('sitemapFilter', () => {
  it('keeps the sign-in, registration and 404 pages out', () => {
    expect(sitemapFilter('http://localhost:4321/logg-inn')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/404')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/registrer')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/om-oss')).toBe(true);
  });

  it('keeps the checkout pages out', () => {
    expect(sitemapFilter('http://localhost:4321/kasse/ki-for-kontoret')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/kasse/testbetaling')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/kasse/retur')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/kjop')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/kvittering/8f9c0c4e-1d2b-4c3a-9b8e-7a6f5e4d3c2b')).toBe(false);
    expect(sitemapFilter('http://localhost:4321/ki-for-kontoret')).toBe(true);
  });

  it('keeps the account pages out', () => {
    for (const path of ['/glemt-passord', '/nytt-passord', '/bekreft-epost', '/konto']) {
      expect(sitemapFilter(`http://localhost:4321${path}`)).toBe(false);
    }
    expect(sitemapFilter('http://localhost:4321/kontakt')).toBe(true);
  });
});
