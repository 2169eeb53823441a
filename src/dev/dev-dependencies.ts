import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Every package the browser code (islands, features, the shared ground) imports, pre-bundled by
 * `astro dev` when it starts rather than discovered on the first page: a package found late makes
 * Vite bundle again while the page loads, and the page's islands then ask for modules that no
 * longer exist ('504 Outdated Optimize Dep') and never hydrate. `src/dev/dev-dependencies.test.ts`
 * keeps this list equal to what the browser code imports.
 */
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

/**
 * `astro dev` only: Vite's pre-bundled dependencies live in `.data/vite` (this checkout's local
 * state, beside the embedded database), not in Vite's default `node_modules/.vite`. That folder is
 * shared with every other Vite that runs here: `astro sync` (inside `astro check`, so `npm test`)
 * writes its own, differently configured metadata there, and the next `npm start` then said
 * 'Re-optimizing dependencies because vite config has changed' and bundled everything again.
 * With a folder of its own, and the list above, the dev server's configuration is the same from
 * one start to the next and a start after the first reuses the bundles. Decision 35.
 *
 * A `node_modules` that is a symlink (checkouts sharing one install, as git worktrees can) lies
 * outside the project for Vite's file-serving check, which then refused the React renderer's
 * client module (403) and no island hydrated: its real folder is allowed too.
 */
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
