import type { Plugin } from 'vite';

type Bundle = Record<string, { type: string; imports?: string[]; moduleIds?: string[] }>;

const RENDERER = '/@astrojs/react/dist/client.js';

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

export function loadedBefore(bundle: Bundle, host: string): Set<string> {
  const renderers = Object.keys(bundle).filter((file) => bundle[file]?.moduleIds?.some((id) => id.replace(/\\/g, '/').endsWith(RENDERER)));
  return staticClosure(bundle, host, ...renderers);
}

/** Keeps only the preloads of chunks not already loaded when the `import()` runs; one wrongly left out merely downloads a step later. */
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
