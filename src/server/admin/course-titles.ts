import { type Db, openDatabase } from '../../../db/client';
import { courses, modules } from '../../../db/schema';
import { seedModuleId } from '../../../db/seed-ids';
import { appDatabaseOptions } from '../platform/db';
import { migrationDatabaseUrl } from '../platform/env';

/** Builds with a database URL take course and module titles from it, so an admin's rename reaches the prerendered pages. */

export interface AdminOwnedTitles {
  courses: ReadonlyMap<string, string>;
  modules: ReadonlyMap<string, string>;
}

interface CourseLike {
  id: string;
  title: string;
  modules: readonly { title: string }[];
}

export function withAdminOwnedTitles<C extends CourseLike>(catalogue: readonly C[], titles: AdminOwnedTitles | null): C[] {
  if (!titles) return [...catalogue];
  return catalogue.map((course) => ({
    ...course,
    title: titles.courses.get(course.id) ?? course.title,
    modules: course.modules.map((module, i) => ({ ...module, title: titles.modules.get(seedModuleId(course.id, i)) ?? module.title })),
  }));
}

export async function readAdminOwnedTitles(db: Db): Promise<AdminOwnedTitles> {
  const courseRows = await db.select({ id: courses.id, title: courses.title }).from(courses);
  const moduleRows = await db.select({ id: modules.id, title: modules.title }).from(modules);
  return { courses: new Map(courseRows.map((c) => [c.id, c.title])), modules: new Map(moduleRows.map((m) => [m.id, m.title])) };
}

let pending: Promise<AdminOwnedTitles | null> | undefined;

/** A configured database that cannot be read fails the build rather than publish titles an admin has changed. */
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
