import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AstroIntegration, IntegrationResolvedRoute } from 'astro';
import type { Plugin } from 'vite';

/** They also carry noindex. */
export const sitemapFilter = (page: string): boolean => {
  const { pathname } = new URL(page);
  // Checkout, account, mailed-link and certificate-check pages are noindex or signed in.
  return (
    !/\/(logg-inn|registrer|glemt-passord|nytt-passord|bekreft-epost|invitasjon|lag-passord|bekreft-konto|avmelding|admin|kjop|konto|bedrift|404)\/?$/.test(
      pathname,
    ) && !/^\/(kasse|kvittering|bevis)(\/|$)/.test(pathname)
  );
};

type Route = Pick<IntegrationResolvedRoute, 'type' | 'origin' | 'pathname' | 'entrypoint' | 'isPrerendered' | 'generate'>;
type PageModule = { getStaticPaths?: () => Promise<{ params: Record<string, string | undefined> }[]> };

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

/** @astrojs/sitemap writes its files only when a build ends, so the dev server serves the same documents itself. */
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
