import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue';
import { mp4DurationSeconds, videoDurations } from './media';

describe('video lengths (db/media.ts)', () => {
  it.each(Object.entries(videoDurations))('%s is %i seconds long, measured from the file', (path, seconds) => {
    const measured = mp4DurationSeconds(readFileSync(join('public', path)));
    expect(measured).toBeGreaterThan(0);
    expect(Math.round(measured)).toBe(seconds);
  });

  it('knows every video the catalogue plays that states no length of its own', () => {
    const missing = loadCatalogue()
      .flatMap((c) => c.modules.flatMap((m) => m.lessons))
      .flatMap((l) => (l.type === 'video' && l.content.durationSeconds === undefined ? [l.content.videoUrl] : []))
      .filter((url) => !(url in videoDurations));
    expect(missing).toEqual([]);
  });
});
