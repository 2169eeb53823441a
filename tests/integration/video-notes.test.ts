import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videoNotes } from '../../db/schema';
import { seedId, seedLessonId } from '../../db/seed-ids';
import { loadCatalogue } from '../../db/catalogue';
import lessonFunctions from '../../netlify/functions/lessons';
import videoNoteFunctions from '../../netlify/functions/video-notes';
import type { VideoNote } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, makeCatalogueFree, signIn } from '../helpers';

const db = async () => (await acquireAppDb()).db;
const catalogue = loadCatalogue();
const userId = (email: string) => seedId(`user:${email}`);

/** The seed puts three notes of elev@demo.no on the first video lesson of 'KI for Kontoret'. */
const officeCourse = catalogue.find((c) => c.id === 'ki-for-kontoret');
const officeVideo = (() => {
  for (const [mi, m] of (officeCourse?.modules ?? []).entries()) {
    const li = m.lessons.findIndex((l) => l.type === 'video');
    if (li >= 0) return seedLessonId('ki-for-kontoret', mi, li);
  }
  throw new Error('no video lesson in ki-for-kontoret');
})();
const VIDEO = seedLessonId('grunnleggende-ki', 0, 0);
const elevNote = seedId(`note:${userId('elev@demo.no')}:0`);

let elev: string;
let ny: string;
beforeAll(async () => {
  // About the player's own rules: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  elev = await signIn('elev@demo.no');
  ny = await signIn('ny@demo.no');
});

const create = (cookie: string, body: unknown) => call(videoNoteFunctions, '/api/video-notes', { cookie, json: body });
const list = (cookie: string, lessonId: string) => call(lessonFunctions, `/api/lessons/${lessonId}/video-notes`, { cookie });

describe('GET /api/lessons/:id/video-notes', () => {
  it("lists the caller's notes on the lesson by time in the video", async () => {
    const result = await list(elev, officeVideo);
    expect(result.status).toBe(200);
    const notes = result.body as VideoNote[];
    expect(notes.map((n) => n.timestamp)).toEqual([4, 12, 21]);
    expect(notes[0]).toEqual({
      id: elevNote,
      lessonId: officeVideo,
      timestamp: 4,
      noteText: expect.stringContaining('Copilot i Outlook') as string,
      transcription: null,
      createdAt: expect.any(String) as string,
      updatedAt: expect.any(String) as string,
    });
    expect(new Date(notes[0]!.createdAt).toISOString()).toBe(notes[0]!.createdAt);
  });

  it('orders notes at the same second by creation time, then id', async () => {
    const d = await db();
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await d.insert(videoNotes).values([
      { id: '00000000-0000-4000-8000-0000000000f2', userId: userId('ny@demo.no'), lessonId: VIDEO, timestamp: 7, noteText: 'c', createdAt: t(5) },
      { id: '00000000-0000-4000-8000-0000000000f1', userId: userId('ny@demo.no'), lessonId: VIDEO, timestamp: 7, noteText: 'b', createdAt: t(5) },
      { id: '00000000-0000-4000-8000-0000000000f0', userId: userId('ny@demo.no'), lessonId: VIDEO, timestamp: 7, noteText: 'a', createdAt: t(4) },
      { id: '00000000-0000-4000-8000-0000000000f3', userId: userId('ny@demo.no'), lessonId: VIDEO, timestamp: 2, noteText: 'først', createdAt: t(9) },
    ]);
    const notes = (await list(ny, VIDEO)).body as VideoNote[];
    expect(notes.map((n) => n.noteText)).toEqual(['først', 'a', 'b', 'c']);
    await d.delete(videoNotes).where(eq(videoNotes.userId, userId('ny@demo.no')));
  });

  it("never shows another user's notes, and answers 404 for an unknown lesson", async () => {
    expect((await list(ny, officeVideo)).body).toEqual([]);
    const unknown = await list(ny, seedId('lesson:finnes-ikke'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Fant ikke leksjonen' });
    expect((await call(lessonFunctions, '/api/lessons/ikke-en-id/video-notes', { cookie: ny })).status).toBe(400);
  });
});

describe('POST /api/video-notes', () => {
  it('creates a note in whole seconds and returns it with 201; it shows in the list', async () => {
    const result = await create(ny, { lessonId: VIDEO, timestamp: 12.9, noteText: '  Viktig poeng her.\nAndre linje.  ' });
    expect(result.status).toBe(201);
    const note = result.body as VideoNote;
    expect(note).toMatchObject({ lessonId: VIDEO, timestamp: 12, noteText: 'Viktig poeng her.\nAndre linje.', transcription: null });
    expect((await list(ny, VIDEO)).body).toEqual([note]);
  });

  it('answers 404 for an unknown lesson and 400 for a lesson that is not a video', async () => {
    const unknown = await create(ny, { lessonId: seedId('lesson:finnes-ikke'), timestamp: 1, noteText: 'x' });
    expect(unknown.status).toBe(404);
    const task = catalogue[0]?.modules[0]?.lessons.findIndex((l) => l.type !== 'video') ?? -1;
    const notVideo = await create(ny, { lessonId: seedLessonId('grunnleggende-ki', 0, task), timestamp: 1, noteText: 'x' });
    expect(notVideo.status).toBe(400);
    expect(notVideo.body).toEqual({ error: 'Leksjonen er ikke en video' });
  });

  const badBodies: [string, unknown][] = [
    ['negative timestamp', { lessonId: VIDEO, timestamp: -1, noteText: 'x' }],
    ['NaN as a string', { lessonId: VIDEO, timestamp: 'NaN', noteText: 'x' }],
    ['a number as a string', { lessonId: VIDEO, timestamp: '12', noteText: 'x' }],
    ['too big a timestamp', { lessonId: VIDEO, timestamp: 86_401, noteText: 'x' }],
    ['a null timestamp', { lessonId: VIDEO, timestamp: null, noteText: 'x' }],
    ['no timestamp', { lessonId: VIDEO, noteText: 'x' }],
    ['blank text', { lessonId: VIDEO, timestamp: 1, noteText: '' }],
    ['whitespace only', { lessonId: VIDEO, timestamp: 1, noteText: ' \n\t ' }],
    ['5001 characters', { lessonId: VIDEO, timestamp: 1, noteText: 'a'.repeat(5001) }],
    ['a NUL byte', { lessonId: VIDEO, timestamp: 1, noteText: 'a\u0000b' }],
    ['text not a string', { lessonId: VIDEO, timestamp: 1, noteText: 42 }],
    ['a malformed lesson id', { lessonId: 'abc', timestamp: 1, noteText: 'x' }],
    ['an unknown field', { lessonId: VIDEO, timestamp: 1, noteText: 'x', userId: userId('elev@demo.no') }],
  ];
  it.each(badBodies)('answers 400 for %s, never 500', async (_, body) => {
    const result = await create(ny, body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: expect.stringMatching(/^(Tidspunkt|Notat|Leksjons-id|Forespørselen)/) });
  });

  it('answers 400 for an infinite timestamp (1e309 in the JSON text)', async () => {
    const result = await call(videoNoteFunctions, '/api/video-notes', {
      cookie: ny,
      body: `{"lessonId":"${VIDEO}","timestamp":1e309,"noteText":"x"}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(result.status).toBe(400);
  });

  it('accepts exactly 5000 characters and a timestamp of 0', async () => {
    const result = await create(ny, { lessonId: VIDEO, timestamp: 0, noteText: 'a'.repeat(5000) });
    expect(result.status).toBe(201);
    expect((result.body as VideoNote).timestamp).toBe(0);
  });

  it('answers the blank-text message in Norwegian', async () => {
    const result = await create(ny, { lessonId: VIDEO, timestamp: 1, noteText: '   ' });
    expect(result.body).toMatchObject({ issues: [{ path: 'noteText', message: 'Notatet kan ikke være tomt' }] });
  });
});

describe('PUT and DELETE /api/video-notes/:id', () => {
  it('updates the text of the caller’s own note and returns it', async () => {
    const created = (await create(ny, { lessonId: VIDEO, timestamp: 5, noteText: 'Første versjon' })).body as VideoNote;
    const result = await call(videoNoteFunctions, `/api/video-notes/${created.id}`, {
      method: 'PUT',
      cookie: ny,
      json: { noteText: ' Andre versjon ' },
    });
    expect(result.status).toBe(200);
    const updated = result.body as VideoNote;
    expect(updated).toMatchObject({ id: created.id, timestamp: 5, noteText: 'Andre versjon', createdAt: created.createdAt });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
  });

  it('deletes the caller’s own note with {ok: true}; a second delete is 404', async () => {
    const created = (await create(ny, { lessonId: VIDEO, timestamp: 6, noteText: 'Slett meg' })).body as VideoNote;
    const result = await call(videoNoteFunctions, `/api/video-notes/${created.id}`, { method: 'DELETE', cookie: ny });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true });
    expect(((await list(ny, VIDEO)).body as VideoNote[]).map((n) => n.id)).not.toContain(created.id);
    expect((await call(videoNoteFunctions, `/api/video-notes/${created.id}`, { method: 'DELETE', cookie: ny })).status).toBe(404);
  });

  it("answers 404 for another user's note on update and delete, and leaves it alone", async () => {
    const update = await call(videoNoteFunctions, `/api/video-notes/${elevNote}`, { method: 'PUT', cookie: ny, json: { noteText: 'Kapret' } });
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ error: 'Fant ikke notatet' });
    const remove = await call(videoNoteFunctions, `/api/video-notes/${elevNote}`, { method: 'DELETE', cookie: ny });
    expect(remove.status).toBe(404);
    const [row] = await (await db()).select().from(videoNotes).where(eq(videoNotes.id, elevNote));
    expect(row?.noteText).toContain('Copilot i Outlook');
    expect(((await list(elev, officeVideo)).body as VideoNote[]).map((n) => n.id)).toContain(elevNote);
  });

  it('answers 400 for a bad update body or id, and 404 for an unknown note', async () => {
    for (const body of [
      {},
      { noteText: '' },
      { noteText: '  ' },
      { noteText: 'a'.repeat(5001) },
      { noteText: 'a\u0000' },
      { noteText: 'x', timestamp: 3 },
    ]) {
      const result = await call(videoNoteFunctions, `/api/video-notes/${elevNote}`, { method: 'PUT', cookie: elev, json: body });
      expect(result.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await call(videoNoteFunctions, '/api/video-notes/123', { method: 'DELETE', cookie: elev })).status).toBe(400);
    const unknown = seedId('note:finnes-ikke');
    expect((await call(videoNoteFunctions, `/api/video-notes/${unknown}`, { method: 'PUT', cookie: elev, json: { noteText: 'x' } })).status).toBe(
      404,
    );
  });

  it('answers 405 with Allow for a method the route does not have', async () => {
    const result = await call(videoNoteFunctions, `/api/video-notes/${elevNote}`, { cookie: elev });
    expect(result.status).toBe(405);
    expect(result.headers.get('Allow')).toBe('PUT, DELETE');
  });
});
