import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadCatalogue } from '../../db/catalogue';
import { videoDurations } from '../../db/media';
import { courseDurationText, courseHours } from '../schemas/catalogue';
import { MONEY_BACK_GUARANTEE_DAYS } from './site';

/** One figure for each fact (decision 16): the rules the content must keep. */

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
const texts = ['src/content', 'src/pages', 'src/components'].flatMap(filesUnder).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('one figure for each fact', () => {
  it("states each course's length as its lessons' minutes in whole hours", () => {
    const hours = Object.fromEntries(loadCatalogue().map((c) => [c.id, courseHours(c)]));
    // The catalogue's figures; the spec's price list said 10, 9 and 12 for the last three.
    expect(hours).toMatchObject({
      'grunnleggende-ki': 6,
      'ki-for-kontoret': 8,
      'ki-filmproduksjon': 7,
      'ki-markedsforing': 6,
      'ki-automatisering': 9,
    });
    for (const course of loadCatalogue()) expect(course.duration, course.id).toBe(courseDurationText(course));
  });

  it('has one money-back guarantee: 14 days', () => {
    expect(MONEY_BACK_GUARANTEE_DAYS).toBe(14);
    for (const { file, text } of texts) {
      for (const [, days] of text.matchAll(/(\d+) dagers pengene-tilbake-garanti/g)) expect(Number(days), file).toBe(MONEY_BACK_GUARANTEE_DAYS);
    }
  });

  it("calls lifetime access 'Livstids tilgang' everywhere", () => {
    for (const { file, text } of texts) expect(text, file).not.toMatch(/livsvarig|livslang/i);
  });

  it("labels the landing page's intro video with the file's real length", () => {
    const landing = parse(readFileSync('src/content/pages/landing.yaml', 'utf8')) as { hero: { video: { src: string; length: string } } };
    const [minutes, seconds] = landing.hero.video.length.split(':').map(Number);
    expect((minutes ?? 0) * 60 + (seconds ?? 0)).toBe(videoDurations[landing.hero.video.src]);
  });
});
