import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { defineConfig } from 'astro/config';
import { cspMetaFirst } from './src/dev/csp-meta-first';
import { devDependencyCache } from './src/dev/dev-dependencies';
import { devPort } from './src/dev/dev-port';
import { netlifyFunctionsDev } from './src/dev/functions-plugin';
import { preloadMissingOnly } from './src/dev/preload-missing-only';
import { reactStringIds } from './src/dev/react-string-ids';
import { withNetlifyDevFeatures } from './src/dev/netlify-emulation';
import { devMailPreview } from './src/dev/mail-preview';
import { devSitemap, sitemapFilter } from './src/dev/sitemap';
import { env } from './src/server/platform/env';

/** `client:ready`: a server-rendered island hydrates when idle, or at once when pressed, replaying the press. */
const readyDirective: AstroIntegration = {
  name: 'ready-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'ready', entrypoint: fileURLToPath(new URL('./src/directives/ready.ts', import.meta.url)) });
    },
  },
};

export default defineConfig({
  site: env.SITE_URL,
  // Every page is prerendered unless it opts out with `export const prerender = false`.
  output: 'static',
  // No edge functions here; their emulator would try to download a Deno runtime at every start.
  // Images are optimised at build time by sharp (astro:assets), not by Netlify's image CDN: every
  // image is a plain static file, the same locally and in production. In `astro dev` Netlify's
  // emulation keeps only headers, redirects, static files and blobs (src/dev/netlify-emulation.ts).
  adapter: withNetlifyDevFeatures(netlify({ imageCDN: false, devFeatures: { edgeFunctions: false, images: false, environmentVariables: false } })),
  integrations: [
    // renderToString, not a stream: the pages rendered on demand (player, /admin) hold Suspense boundaries
    // (HydrateInParts) that a stream would send as hidden segments moved by an inline script, which
    // the CSP refuses; renderToString sends each boundary in place (decision 34).
    react({ experimentalDisableStreaming: true }),
    readyDirective,
    // Pages that must not be indexed stay out of the sitemap (they also carry noindex).
    sitemap({ filter: sitemapFilter }),
    // The sitemap is written when a build ends; the dev server serves the same documents.
    devSitemap({ filter: sitemapFilter }),
    // Each page's CSP <meta> moved up to right after <meta charset>, ahead of every script (decision 22).
    cspMetaFirst(),
    // astro dev: its own dependency cache (.data/vite) and the islands' packages bundled at start (decision 35).
    devDependencyCache(),
  ],
  // strictPort: a taken port stops `astro dev` (scripts/check-port.ts says so first) rather
  // than moving it to the next one, 4322, `npm run serve`'s, while SITE_URL still says 4321.
  // devMailPreview: /dev/e-post, the mails kept without SMTP_URL (dev server only, decision 28).
  // reactStringIds: the island's useId prefix reaches renderToString too (src/dev/react-string-ids.ts).
  // preloadMissingOnly: a dynamic import preloads only the chunks its importer has not loaded yet.
  // codeSplitting 'api': the API client and react-query's two typing helpers (each an identity
  // function that Rolldown gave a 38-byte chunk of its own) travel as one chunk, since every page
  // that uses one uses the others; one request and file instead of three (decision 34).
  vite: {
    plugins: [reactStringIds(), preloadMissingOnly(), netlifyFunctionsDev(), devMailPreview(), tailwindcss()],
    server: { strictPort: true },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'api',
                test: /([\\/]src[\\/]lib[\\/]api\.ts|[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](mutationOptions|infiniteQueryOptions)\.js)$/,
              },
            ],
          },
        },
      },
    },
  },
  // /om-oss is served from dist/om-oss.html: one URL per page, no redirect to a slash form.
  trailingSlash: 'never',
  build: { inlineStylesheets: 'always', format: 'file' },
  server: { port: devPort(env.SITE_URL) },
  devToolbar: { enabled: false },
  // Shiki's inline styles would need 'unsafe-inline' under the CSP; no page shows code.
  markdown: { syntaxHighlight: false },
  security: {
    // A <meta> CSP per page with hashes of Astro's inline scripts and styles: no 'unsafe-inline'.
    // Astro writes it at the end of <head>; cspMetaFirst() above moves it to the top.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "media-src 'self'",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'"] },
    },
  },
});
