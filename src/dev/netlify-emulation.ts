import netlifyVitePlugin from '@netlify/vite-plugin';
import type { AstroIntegration } from 'astro';

/** Functions and the database stay off: functions-plugin.ts serves /api/*, and the emulation would trace and zip every function with nft on each start and edit. */
export const netlifyDevFeatures = {
  functions: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  environmentVariables: { enabled: false },
  redirects: { enabled: true },
  blobs: { enabled: true },
} as const;

const netlifyDevPluginName = 'vite-plugin-netlify';

function isNetlifyDevPlugin(plugin: unknown): boolean {
  if (Array.isArray(plugin)) return plugin.some(isNetlifyDevPlugin);
  return typeof plugin === 'object' && plugin !== null && (plugin as { name?: unknown }).name === netlifyDevPluginName;
}

/** The adapter passes only some switches to `@netlify/vite-plugin`, so its dev plugin is swapped for one made with the full list; builds are untouched. */
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
