import netlifyVitePlugin from '@netlify/vite-plugin';
import type { AstroIntegration } from 'astro';

/**
 * What Netlify's local emulation does in `astro dev`. Kept: the headers of netlify.toml, its
 * redirects, static files and blobs (the plugin has no switch for headers: always on). Off,
 * besides the image CDN, environment variables and edge functions (off in the adapter's options
 * too):
 * - functions: `netlifyFunctionsDev()` (src/dev/functions-plugin.ts, decision 4) serves /api/* in
 *   the dev process; the emulation would still trace and zip every function with nft at each start
 *   and on each edit (minutes of CPU on a busy 2-core machine before the first page answers, and
 *   185 MB under .netlify/functions-serve), for requests that never reach it;
 * - database: an embedded Postgres of Netlify DB under .netlify/db, started at each start, that
 *   nothing reads (the app's embedded database is PGlite under PGLITE_DATA_DIR).
 * With functions and edge functions off it looks up no geolocation, and with the environment
 * variables off it sets up no AI gateway (both are listed as 'emulating' but do nothing).
 * See docs/decisions/0035-start-up-lock-and-steady-tests.md.
 */
export const netlifyDevFeatures = {
  functions: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  environmentVariables: { enabled: false },
  redirects: { enabled: true },
  blobs: { enabled: true },
} as const;

/** The name of the dev-server plugin `@netlify/vite-plugin` returns. */
const netlifyDevPluginName = 'vite-plugin-netlify';

function isNetlifyDevPlugin(plugin: unknown): boolean {
  if (Array.isArray(plugin)) return plugin.some(isNetlifyDevPlugin);
  return typeof plugin === 'object' && plugin !== null && (plugin as { name?: unknown }).name === netlifyDevPluginName;
}

/**
 * Wraps the Netlify adapter so that `astro dev` runs Netlify's emulation with
 * `netlifyDevFeatures`: the adapter passes only its image, environment and edge-function
 * switches to `@netlify/vite-plugin`, so its dev plugin is swapped for one made with the full
 * list. Builds are untouched (the plugin applies to the dev server only).
 */
export function withNetlifyDevFeatures(adapter: AstroIntegration): AstroIntegration {
  const setup = adapter.hooks['astro:config:setup'];
  if (!setup) return adapter;
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:setup': async (params) => {
        if (params.command !== 'dev') return setup(params);
        let swapped = false;
        await setup({
          ...params,
          updateConfig: (config) => {
            const plugins = config.vite?.plugins;
            if (!plugins?.some(isNetlifyDevPlugin)) return params.updateConfig(config);
            swapped = true;
            const vite = { ...config.vite, plugins: [...plugins.filter((p) => !isNetlifyDevPlugin(p)), netlifyVitePlugin(netlifyDevFeatures)] };
            return params.updateConfig({ ...config, vite });
          },
        });
        if (!swapped) params.logger.warn(`${netlifyDevPluginName} not found: Netlify's full emulation runs (functions included).`);
      },
    },
  };
}
