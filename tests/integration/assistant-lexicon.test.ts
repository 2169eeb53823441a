import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { atomically } from '../../db/client';
import { lessons } from '../../db/schema';
import { seedLessonId } from '../../db/seed-ids';
import { questionQueries } from '../../src/server/assistant/search';
import { acquireAppDb } from '../../src/server/platform/db';

/**
 * The lexicon the compound search uses is cached in process memory (decision 12); every change
 * to a lesson must reach it before the next message, including writes that leave `updated_at`
 * alone (the seed's captions) and uncommitted or rolled-back ones.
 */

const db = async () => (await acquireAppDb()).db;
const lesson = seedLessonId('grunnleggende-ki', 0, 0);
/** Whether the search for 'bilag' also looks for the made-up compound. */
const expands = async (database: Awaited<ReturnType<typeof db>>, compound: string) =>
  (await questionQueries(database, 'Hvor finner jeg bilag?')).some((q) => q.includes(`'${compound}'`));

async function setCaptions(database: Awaited<ReturnType<typeof db>>, text: string | null) {
  // A plain UPDATE of a column only the search reads: `updated_at` stays as it was.
  await database.execute(sql`UPDATE lessons SET captions_text = ${text} WHERE id = ${lesson}`);
}

describe('the cached lexicon', () => {
  it('follows every change to the lessons at once, committed, uncommitted and rolled back', async () => {
    const [before] = await (
      await db()
    )
      .select({ captions: lessons.captionsText, updatedAt: lessons.updatedAt })
      .from(lessons)
      .where(eq(lessons.id, lesson));
    expect(await expands(await db(), 'zebrabilag')).toBe(false);

    await setCaptions(await db(), `${before!.captions ?? ''} Zebra og zebrabilag.`);
    expect(await expands(await db(), 'zebrabilag')).toBe(true);
    const [after] = await (await db()).select({ updatedAt: lessons.updatedAt }).from(lessons).where(eq(lessons.id, lesson));
    expect(after!.updatedAt).toEqual(before!.updatedAt);

    // Two edits of the same row in one transaction, each seen by a search inside it; then a rollback.
    await atomically(await db(), async (tx) => {
      await setCaptions(tx, 'Zebra og tigerbilag. Tiger.');
      expect(await expands(tx, 'tigerbilag')).toBe(true);
      expect(await expands(tx, 'zebrabilag')).toBe(false);
      await setCaptions(tx, 'Løve og løvebilag.');
      expect(await expands(tx, 'løvebilag')).toBe(true);
      expect(await expands(tx, 'tigerbilag')).toBe(false);
      throw new Error('roll back');
    }).catch((error: unknown) => expect((error as Error).message).toBe('roll back'));
    expect(await expands(await db(), 'zebrabilag')).toBe(true);
    expect(await expands(await db(), 'løvebilag')).toBe(false);

    await setCaptions(await db(), before!.captions);
    expect(await expands(await db(), 'zebrabilag')).toBe(false);
  });

  it('forgets the words of a deleted lesson', async () => {
    const [row] = await (
      await db()
    )
      .insert(lessons)
      .values({
        moduleId: (await (await db()).select({ m: lessons.moduleId }).from(lessons).where(eq(lessons.id, lesson)))[0]!.m,
        title: 'Okapi',
        type: 'text',
        content: { text: 'Okapibilag for okapier.' },
        orderIndex: 98,
      })
      .returning({ id: lessons.id });
    expect(await expands(await db(), 'okapibilag')).toBe(true);
    await (await db()).delete(lessons).where(eq(lessons.id, row!.id));
    expect(await expands(await db(), 'okapibilag')).toBe(false);
  });
});
