// The build under test: an embedded database with the catalogue and hostile titles (written
// straight into it, as an admin's rename would be, admin_edited_at included, so the build's
// catalogue seed keeps them: decision 10), then `npm run build`, the command Netlify runs, into
// an out dir of its own. DATABASE_DRIVER=pglite opens PGLITE_DATA_DIR; the URL only tells the
// build that it has a database (src/server/admin/course-titles.ts reads titles only then).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { courses, modules } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import { seedModuleId } from '../../db/seed-ids';
import { hostileBuild } from './fixture';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  rmSync(hostileBuild.dataDir, { recursive: true, force: true });
  rmSync(hostileBuild.outDir, { recursive: true, force: true });
  const database = await openDatabase({ driver: 'pglite', pgliteDataDir: hostileBuild.dataDir });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demoData: false });
    const edited = new Date();
    for (const course of hostileBuild.courses) {
      await database.db.update(courses).set({ title: course.title, adminEditedAt: edited }).where(eq(courses.id, course.id));
    }
    await database.db
      .update(modules)
      .set({ title: hostileBuild.moduleTitle, adminEditedAt: edited })
      .where(eq(modules.id, seedModuleId(hostileBuild.courses[0]!.id, 0)));
  } finally {
    await database.close();
  }
  const build = spawnSync('npm', ['run', 'build', '--', '--outDir', hostileBuild.outDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: {
      ...process.env,
      APP_ENV: 'test',
      DATABASE_URL: 'postgres://pglite.invalid/hostile-build',
      DATABASE_URL_UNPOOLED: '',
      NETLIFY_DATABASE_URL: '',
      NETLIFY_DATABASE_URL_UNPOOLED: '',
      DATABASE_DRIVER: 'pglite',
      PGLITE_DATA_DIR: hostileBuild.dataDir,
    },
  });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  console.log(`Hostile-title build ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${hostileBuild.outDir}).`);
}
