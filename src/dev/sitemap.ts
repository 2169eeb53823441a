import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AstroIntegration, IntegrationResolvedRoute } from 'astro';
import type { Plugin } from 'vite';

/**
 * Pages that must not be indexed stay out of the sitemap (they also carry noindex).
 * Used by @astrojs/sitemap at build time and by the dev server's sitemap below.
 */
export const sitemapFilter = (page: string): boolean => {
  const { pathname } = new URL(page);
  // The checkout pages (/kasse/<course>, the test payment and the return page) are noindex too, and
  // the buyer's own pages (/kjop, /kvittering/<order>) and the account (/konto) are signed-in pages; the
  // pages of a mail's link (/nytt-passord, /bekreft-epost, /invitasjon, /lag-passord, /bekreft-konto) and /glemt-passord are noindex like the sign-in page;
  // /bedrift is a signed-in page; the reminder mail's /avmelding and the certificate check /bevis/<code> are noindex.
  return (
    !/\/(logg-inn|registrer|glemt-passord|nytt-passord|bekreft-epost|invitasjon|lag-passord|bekreft-konto|avmelding|admin|kjop|konto|bedrift|404)\/?$/.test(
      pathname,
    ) && !/^\/(kasse|kvittering|bevis)(\/|$)/.test(pathname)
  );
};

type Route = Pick<IntegrationResolvedRoute, 'type' | 'origin' | 'pathname' | 'entrypoint' | 'isPrerendered' | 'generate'>;
type PageModule = { getStaticPaths?: () => Promise<{ params: Record<string, string | undefined> }[]> };

/**
 * The paths @astrojs/sitemap lists: every page with a fixed path (prerendered or, like '/', rendered
 * on demand; the filter leaves out the signed-in ones), and the prerendered dynamic ones from getStaticPaths.
 */
async function pagePaths(routes: Route[], load: (entrypoint: string) => Promise<PageModule>): Promise<string[]> {
  const paths: string[] = [];
  for (const route of routes) {
    if (route.type !== 'page' || route.origin !== 'project') continue;
    if (route.pathname !== undefined) paths.push(route.pathname);
    else if (route.isPrerendered)
      for (const { params } of (await (await load(route.entrypoint)).getStaticPaths?.()) ?? []) paths.push(route.generate(params));
  }
  return paths;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const head = '<?xml version="1.0" encoding="UTF-8"?>';
const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The same two documents @astrojs/sitemap writes into dist/ (one sitemap file is plenty here). */
function sitemapIndexXml(site: string): string {
  return `${head}<sitemapindex xmlns="${ns}"><sitemap><loc>${escapeXml(new URL('/sitemap-0.xml', site).href)}</loc></sitemap></sitemapindex>`;
}

function sitemapXml(urls: string[]): string {
  return `${head}<urlset xmlns="${ns}">${urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('')}</urlset>`;
}

export interface SitemapMiddlewareOptions {
  site: string;
  routes: () => Route[];
  load: (entrypoint: string) => Promise<PageModule>;
  filter?: (page: string) => boolean;
}

/** Connect middleware answering /sitemap-index.xml and /sitemap-0.xml from the current routes. */
export function sitemapMiddleware(options: SitemapMiddlewareOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (pathname !== '/sitemap-index.xml' && pathname !== '/sitemap-0.xml')) return next();
    const send = (body: string) => {
      res.writeHead(200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (pathname === '/sitemap-index.xml') return send(sitemapIndexXml(options.site));
    pagePaths(options.routes(), options.load)
      .then((paths) => {
        const urls = [...new Set(paths.map((path) => new URL(path, options.site).href))].filter(options.filter ?? (() => true));
        send(sitemapXml(urls.sort()));
      })
      .catch(next);
  };
}

/**
 * Dev server only: @astrojs/sitemap writes its files when a build ends, so under
 * `astro dev` the sitemap every page links to (and robots.txt names) was a 404. This
 * serves the same documents from the routes Astro resolved, calling getStaticPaths
 * for dynamic ones, as the build would list them.
 */
export function devSitemap(options: { filter?: (page: string) => boolean } = {}): AstroIntegration {
  let routes: IntegrationResolvedRoute[] = [];
  return {
    name: 'ki-akademiet:dev-sitemap',
    hooks: {
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = resolved;
      },
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev' || !config.site) return;
        const site = config.site;
        const root = config.root;
        const plugin: Plugin = {
          name: 'ki-akademiet:dev-sitemap',
          apply: 'serve',
          enforce: 'pre',
          configureServer(server) {
            server.middlewares.use(
              sitemapMiddleware({
                site,
                routes: () => routes,
                load: (entrypoint) => server.ssrLoadModule(new URL(entrypoint, root).pathname) as Promise<PageModule>,
                filter: options.filter,
              }),
            );
          },
        };
        updateConfig({ vite: { plugins: [plugin] } });
      },
    },
  };
}
