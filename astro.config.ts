import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { defineConfig } from 'astro/config';
import { netlifyFunctionsDev } from './src/dev/functions-plugin';
import { env } from './src/server/env';

/** `client:signedin`: hydrate an island only for visitors with the `signed_in` hint cookie. */
const signedInDirective: AstroIntegration = {
  name: 'signed-in-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'signedin', entrypoint: fileURLToPath(new URL('./src/directives/signed-in.ts', import.meta.url)) });
    },
  },
};

export default defineConfig({
  site: env.SITE_URL,
  // Every page is prerendered unless it opts out with `export const prerender = false`.
  output: 'static',
  // No edge functions here; their emulator would try to download a Deno runtime at every start.
  // Images are optimised at build time by sharp (astro:assets), not by Netlify's image CDN: every
  // image is a plain static file, the same locally and in production.
  adapter: netlify({ imageCDN: false, devFeatures: { edgeFunctions: false, images: false, environmentVariables: false } }),
  integrations: [
    react(),
    signedInDirective,
    // Pages that must not be indexed stay out of the sitemap (they also carry noindex).
    sitemap({ filter: (page) => !/\/(logg-inn|404)\/?$/.test(new URL(page).pathname) }),
  ],
  vite: { plugins: [netlifyFunctionsDev(), tailwindcss()] },
  // /om-oss is served from dist/om-oss.html: one URL per page, no redirect to a slash form.
  trailingSlash: 'never',
  build: { inlineStylesheets: 'always', format: 'file' },
  server: { port: 4321 },
  devToolbar: { enabled: false },
  // Shiki's inline styles would need 'unsafe-inline' under the CSP; no page shows code.
  markdown: { syntaxHighlight: false },
  security: {
    // A <meta> CSP per page with hashes of Astro's inline scripts and styles: no 'unsafe-inline'.
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
