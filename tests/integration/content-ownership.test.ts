import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { courses, lessons, modules } from '../../db/schema';
import { seedDatabase, seedId } from '../../db/seed';
import courseFunctions from '../../netlify/functions/courses';
import type { Course, ModuleWithProgress } from '../../src/schemas/learning';
import { editLesson, renameCourse, renameModule } from '../../src/server/admin/content.service';
import { buildTimeTitles, readAdminOwnedTitles, withAdminOwnedTitles } from '../../src/server/admin/course-titles';
import { acquireAppDb } from '../../src/server/platform/db';
import { databaseUrl } from '../../src/server/platform/env';
import { NotFoundError } from '../../src/server/platform/errors';
import { call, signIn } from '../helpers';

/**
 * Decision 10: git owns the catalogue's fields until an admin edits them; the deploy-time
 * seed brings git's changes to the database and leaves the admin's edits alone.
 */

const db = async () => (await acquireAppDb()).db;
const moduleId = (courseId: string, m: number) => seedId(`module:${courseId}:${m}`);
const lessonId = (courseId: string, m: number, l: number) => seedId(`lesson:${courseId}:${m}:${l}`);
/** Who renames (the audit records the actor). */
const ADMIN = seedId('user:admin@demo.no');

/** The catalogue as it might look a few commits later. */
function editedInGit() {
  const catalogue = structuredClone(loadCatalogue());
  for (const id of ['grunnleggende-ki', 'ki-for-kontoret']) {
    const course = catalogue.find((c) => c.id === id)!;
    course.title = `${course.title} (ny tittel i git)`;
    course.description = `Ny beskrivelse i git for ${id}.`;
    course.duration = '8 timer';
    course.level = 'Mellom';
    course.modules[0]!.title = 'Ny modultittel i git';
    course.modules[0]!.description = 'Ny modulbeskrivelse i git.';
    const lesson = course.modules[0]!.lessons[0]!;
    lesson.title = 'Ny leksjonstittel i git';
    lesson.estimatedMinutes = 42;
  }
  return catalogue;
}

describe('re-seeding a deployed database (npm run db:seed -- --force)', () => {
  it("brings git's changes in and keeps the admin's edits", async () => {
    const d = await db();
    // The admin renames 'KI for Kontoret' and its first module and edits its first lesson.
    await renameCourse(d, ADMIN, 'ki-for-kontoret', 'Kontor-KI (admin)');
    await renameModule(d, ADMIN, moduleId('ki-for-kontoret', 0), 'Første modul (admin)');
    await editLesson(d, lessonId('ki-for-kontoret', 0, 0), {
      title: 'Leksjon skrevet om i admin',
      lesson: { type: 'text', content: { text: 'Adminens egen tekst.' } },
    });

    await seedDatabase(d, { demoData: false, catalogue: editedInGit() });

    const courseRows = await d
      .select()
      .from(courses)
      .where(inArray(courses.id, ['grunnleggende-ki', 'ki-for-kontoret']));
    const course = Object.fromEntries(courseRows.map((c) => [c.id, c]));
    // Untouched by the admin: every field follows git.
    expect(course['grunnleggende-ki']).toMatchObject({
      title: 'KI Grunnkurs (ny tittel i git)',
      description: 'Ny beskrivelse i git for grunnleggende-ki.',
      duration: '8 timer',
      level: 'Mellom',
      adminEditedAt: null,
    });
    // Renamed by the admin: the title stays the admin's, git's other fields still arrive.
    expect(course['ki-for-kontoret']).toMatchObject({
      title: 'Kontor-KI (admin)',
      description: 'Ny beskrivelse i git for ki-for-kontoret.',
      duration: '8 timer',
      level: 'Mellom',
    });

    const moduleRows = await d
      .select()
      .from(modules)
      .where(inArray(modules.id, [moduleId('grunnleggende-ki', 0), moduleId('ki-for-kontoret', 0)]));
    const module = Object.fromEntries(moduleRows.map((m) => [m.courseId, m]));
    expect(module['grunnleggende-ki']).toMatchObject({ title: 'Ny modultittel i git', description: 'Ny modulbeskrivelse i git.' });
    expect(module['ki-for-kontoret']).toMatchObject({ title: 'Første modul (admin)', description: 'Ny modulbeskrivelse i git.' });

    const lessonRows = await d
      .select()
      .from(lessons)
      .where(inArray(lessons.id, [lessonId('grunnleggende-ki', 0, 0), lessonId('ki-for-kontoret', 0, 0)]));
    const lesson = Object.fromEntries(lessonRows.map((l) => [l.id, l]));
    expect(lesson[lessonId('grunnleggende-ki', 0, 0)]).toMatchObject({ title: 'Ny leksjonstittel i git', estimatedMinutes: 42 });
    // An edited lesson is the admin's as a whole.
    expect(lesson[lessonId('ki-for-kontoret', 0, 0)]).toMatchObject({
      title: 'Leksjon skrevet om i admin',
      type: 'text',
      content: { text: 'Adminens egen tekst.' },
    });
    expect(lesson[lessonId('ki-for-kontoret', 0, 0)]?.estimatedMinutes).not.toBe(42);

    // The app reads the database: the learner sees the admin's titles.
    const cookie = await signIn('elev@demo.no');
    const list = (await call(courseFunctions, '/api/courses', { cookie })).body as Course[];
    expect(list.find((c) => c.id === 'ki-for-kontoret')?.title).toBe('Kontor-KI (admin)');
    const progress = (await call(courseFunctions, '/api/courses/ki-for-kontoret/modules-with-progress', { cookie })).body as ModuleWithProgress[];
    expect(progress[0]?.module.title).toBe('Første modul (admin)');
  });

  it('touches no row whose git values did not change (updated_at stays)', async () => {
    const d = await db();
    const stamp = async () => (await d.select({ at: courses.updatedAt }).from(courses).where(eq(courses.id, 'ki-markedsforing')))[0]?.at;
    const before = await stamp();
    await seedDatabase(d, { demoData: false });
    expect(await stamp()).toEqual(before);
  });
});

describe('content edits', () => {
  it('answer NotFoundError for unknown rows and refuse content that breaks the contract', async () => {
    const d = await db();
    await expect(renameCourse(d, ADMIN, 'finnes-ikke', 'X')).rejects.toBeInstanceOf(NotFoundError);
    await expect(renameModule(d, ADMIN, seedId('module:finnes-ikke:0'), 'X')).rejects.toBeInstanceOf(NotFoundError);
    await expect(editLesson(d, seedId('lesson:finnes-ikke:0:0'), { title: 'X' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      editLesson(d, lessonId('grunnleggende-ki', 0, 1), {
        lesson: { type: 'video', content: { videoUrl: 'javascript:alert(1)', durationSeconds: 10 } },
      }),
    ).rejects.toThrow();
    const [untouched] = await d
      .select({ at: lessons.adminEditedAt })
      .from(lessons)
      .where(eq(lessons.id, lessonId('grunnleggende-ki', 0, 1)));
    expect(untouched?.at).toBeNull();
  });
});

describe('the static build', () => {
  it("shows the database's course and module titles when it has a database, git's otherwise", async () => {
    const d = await db();
    await renameCourse(d, ADMIN, 'ki-automatisering', 'Automatisering med KI (admin)');
    await renameModule(d, ADMIN, moduleId('ki-automatisering', 1), 'Andre modul (admin)');
    const git = loadCatalogue();
    const built = withAdminOwnedTitles(git, await readAdminOwnedTitles(d));
    const course = built.find((c) => c.id === 'ki-automatisering')!;
    const original = git.find((c) => c.id === 'ki-automatisering')!;
    expect(course.title).toBe('Automatisering med KI (admin)');
    expect(course.modules.map((m) => m.title)).toEqual(original.modules.map((m, i) => (i === 1 ? 'Andre modul (admin)' : m.title)));
    // Only the titles: the marketing fields, prices and outcomes stay git's.
    expect({ ...course, title: original.title, modules: original.modules }).toEqual(original);
    expect(withAdminOwnedTitles(git, null)).toEqual(git);
    // Which source the build takes follows the configuration: PGlite runs have no database URL.
    const titles = await buildTimeTitles();
    if (databaseUrl) expect(titles?.courses.get('ki-automatisering')).toBe('Automatisering med KI (admin)');
    else expect(titles).toBeNull();
  });
});
