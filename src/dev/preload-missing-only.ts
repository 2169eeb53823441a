import type { Plugin } from 'vite';

type Bundle = Record<string, { type: string; imports?: string[]; moduleIds?: string[] }>;

/** React's renderer for Astro's islands: every island page loads it before any component renders. */
const RENDERER = '/@astrojs/react/dist/client.js';

/** A chunk and every chunk it imports statically, transitively: what is loaded once it has run. */
export function staticClosure(bundle: Bundle, ...fileNames: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...fileNames];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/**
 * What is loaded by the time a dynamic `import()` in `host` runs: the host's static imports and
 * the island renderer's (React DOM), which Astro loads beside every island's component.
 */
export function loadedBefore(bundle: Bundle, host: string): Set<string> {
  const renderers = Object.keys(bundle).filter((file) => bundle[file]?.moduleIds?.some((id) => id.replace(/\\/g, '/').endsWith(RENDERER)));
  return staticClosure(bundle, host, ...renderers);
}

/**
 * Vite lists, beside every dynamic `import()` in a chunk, all the chunks the imported one needs,
 * so that they download in parallel when it is asked for (`__vite__mapDeps`). Most of them are
 * already loaded when the `import()` runs (React, react-query, the app root). This keeps only the
 * others: what is missing is still preloaded in parallel, and the lists in the player's and
 * /admin's first JavaScript shrink (issue 26's budget; decision 34). Were a chunk left out that
 * is not loaded after all, it would only download one step later. The bundle is read in
 * `generateBundle` before Vite's own step, which calls `resolveDependencies` as it writes the lists.
 */
export function preloadMissingOnly(): Plugin {
  let bundle: Bundle = {};
  return {
    name: 'preload-missing-only',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId, hostType }) => {
            if (hostType !== 'js' || !bundle[hostId]) return deps;
            const loaded = loadedBefore(bundle, hostId);
            return deps.filter((dep) => !loaded.has(dep));
          },
        },
      },
    }),
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output as unknown as Bundle;
      },
    },
  };
}
