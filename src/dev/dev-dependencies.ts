import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** A package found late makes Vite re-bundle mid-load and the islands never hydrate ('504 Outdated Optimize Dep'); src/dev/dev-dependencies.test.ts keeps this list complete. */
export const islandDependencies = [
  '@hookform/resolvers/zod',
  '@nanostores/react',
  '@tanstack/react-query',
  'class-variance-authority',
  'clsx',
  'nanostores',
  'radix-ui',
  'radix-ui/internal',
  'react',
  'react-dom',
  'react-dom/client',
  'react-hook-form',
  'react-markdown',
  'react/jsx-dev-runtime',
  'react/jsx-runtime',
  'tailwind-merge',
  'zod',
];

/** Pre-bundles live in `.data/vite`, not the `node_modules/.vite` that `astro sync` rewrites, so a restart reuses them; a symlinked `node_modules` is allowed for file serving too. */
export function devDependencyCache(): AstroIntegration {
  return {
    name: 'ki-akademiet:dev-dependency-cache',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        const root = fileURLToPath(config.root);
        const modules = fileURLToPath(new URL('./node_modules', config.root));
        const realModules = realpathSync(modules);
        updateConfig({
          vite: {
            cacheDir: fileURLToPath(new URL('./.data/vite/', config.root)),
            optimizeDeps: { include: islandDependencies },
            ...(realModules !== modules ? { server: { fs: { allow: [root, realModules] } } } : {}),
          },
        });
      },
    },
  };
}
