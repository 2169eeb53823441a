import type { Plugin } from 'vite';

/**
 * @astrojs/react renders with `renderToString` when streaming is off (astro.config.ts, decision 34)
 * but leaves out the island's `identifierPrefix` there, which it passes to the stream and which the
 * browser's `hydrateRoot` uses: every `useId` of a server-rendered island (Radix's tab, dialog and
 * label ids) came out different on the server and in the browser, so a tab opened after hydration
 * was not the panel its trigger's `aria-controls` named. This passes the same options to
 * `renderToString`. The build fails if the line is gone (a newer @astrojs/react that fixed it, or
 * moved it): then remove this plugin or follow the change.
 */
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
