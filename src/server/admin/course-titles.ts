import { type Db, openDatabase } from '../../../db/client';
import { courses, modules } from '../../../db/schema';
import { seedModuleId } from '../../../db/seed-ids';
import { appDatabaseOptions } from '../platform/db';
import { migrationDatabaseUrl } from '../platform/env';

/**
 * The course fields an admin owns (decision 10: course titles and module titles), as
 * the database has them, for the static build. The marketing pages are prerendered
 * from the catalogue in git; when the build has a database URL (on Netlify it always
 * does) these titles come from the database instead, so an admin's rename reaches the
 * public pages with the next build (`requestSiteRebuild()` starts one). Without a
 * database URL (local builds, CI) the git values stand.
 */

export interface AdminOwnedTitles {
  /** Course id → title. */
  courses: ReadonlyMap<string, string>;
  /** Module id (the seed's id, see db/seed-ids.ts) → title. */
  modules: ReadonlyMap<string, string>;
}

interface CourseLike {
  id: string;
  title: string;
  modules: readonly { title: string }[];
}

/** The catalogue with the database's titles where it has them; everything else as in git. */
export function withAdminOwnedTitles<C extends CourseLike>(catalogue: readonly C[], titles: AdminOwnedTitles | null): C[] {
  if (!titles) return [...catalogue];
  return catalogue.map((course) => ({
    ...course,
    title: titles.courses.get(course.id) ?? course.title,
    modules: course.modules.map((module, i) => ({ ...module, title: titles.modules.get(seedModuleId(course.id, i)) ?? module.title })),
  }));
}

/** Reads every course and module title: two statements, a few hundred rows at most. */
export async function readAdminOwnedTitles(db: Db): Promise<AdminOwnedTitles> {
  const courseRows = await db.select({ id: courses.id, title: courses.title }).from(courses);
  const moduleRows = await db.select({ id: modules.id, title: modules.title }).from(modules);
  return { courses: new Map(courseRows.map((c) => [c.id, c.title])), modules: new Map(moduleRows.map((m) => [m.id, m.title])) };
}

let pending: Promise<AdminOwnedTitles | null> | undefined;

/**
 * The titles for this build: read once per build from the database when a database URL
 * is configured, else null (git's titles stand). A configured database that cannot be
 * read fails the build rather than publish titles an admin has changed.
 */
export function buildTimeTitles(): Promise<AdminOwnedTitles | null> {
  if (!migrationDatabaseUrl) return Promise.resolve(null);
  pending ??= (async () => {
    const database = await openDatabase(appDatabaseOptions('migrate'));
    try {
      return await readAdminOwnedTitles(database.db);
    } finally {
      await database.close();
    }
  })();
  return pending;
}
