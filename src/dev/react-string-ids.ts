import type { Plugin } from 'vite';

/** @astrojs/react's `renderToString` omits the island's `identifierPrefix`, so `useId` differed between server and browser; the build fails if this line changes upstream. */
export const unpatched = 'ReactDOM.renderToString(vnode)';
const patched = 'ReactDOM.renderToString(vnode, renderOptions)';

export function patchReactRendererIds(code: string): string {
  if (!code.includes(unpatched)) {
    throw new Error(`@astrojs/react/dist/server.js no longer calls ${unpatched}: see src/dev/react-string-ids.ts`);
  }
  return code.replace(unpatched, patched);
}

export function reactStringIds(): Plugin {
  return {
    name: 'react-string-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/@astrojs/react/dist/server.js')) return null;
      return { code: patchReactRendererIds(code), map: null };
    },
  };
}
