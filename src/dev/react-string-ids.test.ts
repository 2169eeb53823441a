import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { patchReactRendererIds, unpatched } from './react-string-ids';

describe('reactStringIds', () => {
  const server = readFileSync(createRequire(import.meta.url).resolve('@astrojs/react/server.js'), 'utf8');

  it('finds the renderToString call of the installed @astrojs/react, and gives it the island’s options', () => {
    expect(server).toContain(unpatched);
    const patched = patchReactRendererIds(server);
    expect(patched).toContain('ReactDOM.renderToString(vnode, renderOptions)');
    expect(patched).not.toContain(unpatched);
    // The options it passes are the ones the stream gets: the island's useId prefix.
    expect(server).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
  });

  it('stops the build when the line is gone', () => {
    expect(() => patchReactRendererIds('export default {}')).toThrow(/react-string-ids/);
  });
});
