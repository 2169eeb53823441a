import { describe, expect, it } from 'vitest';
import { loadedBefore, staticClosure } from './preload-missing-only';

const bundle = {
  'client.js': { type: 'chunk', imports: ['react-dom.js', 'react.js'], moduleIds: ['/x/node_modules/@astrojs/react/dist/client.js'] },
  'react-dom.js': { type: 'chunk', imports: ['react.js'] },
  'react.js': { type: 'chunk', imports: [] },
  'Player.js': { type: 'chunk', imports: ['AppRoot.js', 'react.js'] },
  'AppRoot.js': { type: 'chunk', imports: ['query.js'] },
  'query.js': { type: 'chunk', imports: [] },
  'Notes.js': { type: 'chunk', imports: ['Dialog.js', 'query.js', 'react-dom.js'] },
  'Dialog.js': { type: 'chunk', imports: [] },
  'style.css': { type: 'asset' },
};

describe('preloadMissingOnly', () => {
  it("follows a chunk's static imports transitively", () => {
    expect([...staticClosure(bundle, 'Player.js')].sort()).toEqual(['AppRoot.js', 'Player.js', 'query.js', 'react.js']);
  });

  it("counts the island renderer's chunks as loaded, so a lazy chunk preloads only what is missing", () => {
    const loaded = loadedBefore(bundle, 'Player.js');
    expect(['Notes.js', 'Dialog.js', 'query.js', 'react-dom.js'].filter((dep) => !loaded.has(dep))).toEqual(['Notes.js', 'Dialog.js']);
  });
});
