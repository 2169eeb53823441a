import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videoDurations } from '../../db/media';
import { migrateDatabase } from '../../db/migrate';
import { seedDatabase } from '../../db/seed';
import { lessonContentSchema, type VideoContent } from '../../src/schemas/lesson-content';
import { acquireAppDb, appDriver } from '../../src/server/platform/db';

const db = async () => (await acquireAppDb()).db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await (await db()).execute(query)) as unknown as { rows: T[] }).rows;

const expectedTables = [
  'access_grants',
  'admin_statistics_snapshot',
  'ai_usage',
  'certificates',
  'chat_conversations',
  'chat_messages',
  'companies',
  'company_audit_log',
  'company_invitations',
  'company_memberships',
  'company_seats',
  'company_trials',
  'company_view_people',
  'company_view_snapshots',
  'contact_messages',
  'content_audit_log',
  'coupons',
  'courses',
  'enrollments',
  'lesson_progress',
  'lessons',
  'mail_outbox',
  'modules',
  'order_events',
  'order_refunds',
  'orders',
  'product_courses',
  'products',
  'rate_limits',
  'receipt_counter',
  'sessions',
  'task_answers',
  'test_payments',
  'user_audit_log',
  'user_tokens',
  'users',
  'video_notes',
  'videos',
  'webhook_events',
];

describe('migrations', () => {
  it('create every table of the spec through committed migration files', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(expectedTables);

    const journal = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
    const sqlFiles = readdirSync('db/migrations').filter((f) => f.endsWith('.sql'));
    expect(journal.entries.map((e) => `${e.tag}.sql`).sort()).toEqual(sqlFiles.sort());
    const applied = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
    expect(applied[0]?.count).toBe(journal.entries.length);
  });

  it('have a foreign key with an ON DELETE rule for every reference', async () => {
    const fks = await rows<{ table_name: string; delete_rule: string }>(sql`
      SELECT tc.table_name, rc.delete_rule
      FROM information_schema.table_constraints tc
      JOIN information_schema.referential_constraints rc ON rc.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'`);
    expect(fks.length).toBeGreaterThanOrEqual(13);
    // Deliberate RESTRICTs: a product that was sold, and a company that bought, are never deleted (orders
    // are kept for the books, decisions 30 and 32), nor a product whose seats someone holds.
    const restricting = ['orders', 'company_seats'];
    for (const fk of fks) expect(['CASCADE', 'SET NULL', ...(restricting.includes(fk.table_name) ? ['RESTRICT'] : [])]).toContain(fk.delete_rule);
  });
});

describe('seed', () => {
  it('creates the online package from its page: the price per seat and the catalogue courses it lists', async () => {
    const [pkg] = await rows<{ title: string; price_ore: number; kind: string }>(
      sql`SELECT title, price_ore, kind FROM products WHERE id = 'package:nettbasert-pakke'`,
    );
    expect(pkg).toEqual({ title: 'Nettbaserte Kurspakker', price_ore: 299_000, kind: 'package' });
    const courses = await rows<{ course_id: string }>(
      sql`SELECT course_id FROM product_courses WHERE product_id = 'package:nettbasert-pakke' ORDER BY course_id`,
    );
    expect(courses.map((c) => c.course_id)).toEqual([
      'grunnleggende-ki',
      'ki-automatisering',
      'ki-filmproduksjon',
      'ki-for-kontoret',
      'ki-markedsforing',
    ]);
  });

  it('creates the six catalogue courses with their modules and lessons', async () => {
    const counts = await rows<{ id: string; title: string; modules: number; lessons: number; videos: number; tasks: number }>(sql`
      SELECT c.id, c.title,
        count(DISTINCT m.id)::int AS modules,
        count(l.id)::int AS lessons,
        count(l.id) FILTER (WHERE l.type = 'video')::int AS videos,
        count(l.id) FILTER (WHERE l.type = 'task')::int AS tasks
      FROM courses c JOIN modules m ON m.course_id = c.id JOIN lessons l ON l.module_id = m.id
      GROUP BY c.id, c.title, c.order_index ORDER BY c.order_index`);
    expect(counts.map((c) => [c.id, c.modules, c.lessons])).toEqual([
      ['grunnleggende-ki', 6, 29],
      ['ki-for-kontoret', 6, 33],
      ['ki-filmproduksjon', 6, 24],
      ['ki-markedsforing', 6, 22],
      ['ki-automatisering', 6, 31],
      ['ki-chatgpt-mester', 5, 25],
    ]);
    for (const c of counts) {
      expect(c.videos).toBeGreaterThan(0);
      expect(c.tasks).toBeGreaterThan(0);
    }
    const titles = counts.map((c) => c.title);
    expect(titles.slice(0, 5)).toEqual(['KI Grunnkurs', 'KI for Kontoret', 'KI Filmproduksjon', 'KI Markedsføring', 'KI Automatisering']);
  });

  it('gives task lessons real content and video lessons a playable file in public/', async () => {
    const tasks = await rows<{ content: Record<string, unknown> }>(sql`SELECT content FROM lessons WHERE type = 'task'`);
    for (const { content } of tasks) {
      expect(typeof content.instructions).toBe('string');
      const extras = ['questions', 'tasks', 'requirements', 'scenarios'].filter((k) => Array.isArray(content[k]));
      expect(extras.length).toBeGreaterThanOrEqual(1);
    }
    const videos = await rows<{ video_url: string; captions_url: string }>(
      sql`SELECT DISTINCT content ->> 'videoUrl' AS video_url, content ->> 'captionsUrl' AS captions_url FROM lessons WHERE type = 'video'`,
    );
    expect(videos.length).toBeGreaterThan(0);
    for (const { video_url, captions_url } of videos) {
      expect(existsSync(join('public', video_url))).toBe(true);
      expect(existsSync(join('public', captions_url))).toBe(true);
    }
  });

  it('writes every lesson as the lesson-content contract describes it, the video URL in the content only', async () => {
    const lessons = await rows<{ id: string; type: string; content: unknown }>(sql`SELECT id, type, content FROM lessons`);
    expect(lessons).toHaveLength(164);
    for (const lesson of lessons) {
      const parsed = lessonContentSchema.safeParse({ type: lesson.type, content: lesson.content });
      expect(parsed.success, `${lesson.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    const videos = lessons.filter((l) => l.type === 'video').map((l) => l.content as VideoContent);
    expect(new Set(videos.map((v) => v.durationSeconds))).toEqual(new Set([videoDurations['/media/demo-leksjon.mp4']]));
    const columns = await rows<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'lessons' AND column_name LIKE '%video%'`,
    );
    expect(columns).toEqual([]);
  });

  it('creates the demo accounts with their roles and learning history', async () => {
    const users = await rows<{ email: string; role: string; is_active: boolean; company_id: string | null; company_role: string | null }>(
      sql`SELECT u.email, u.role, u.is_active, m.company_id, m.role AS company_role FROM users u LEFT JOIN company_memberships m ON m.user_id = u.id ORDER BY u.email`,
    );
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(byEmail['superbruker@demo.no']?.role).toBe('superuser');
    expect(byEmail['admin@demo.no']?.role).toBe('admin');
    expect(byEmail['bedrift@demo.no']).toMatchObject({ role: 'company_admin', company_id: expect.any(String), company_role: 'manager' });
    expect(byEmail['ansatt@demo.no']).toMatchObject({
      role: 'individual',
      company_id: byEmail['bedrift@demo.no']!.company_id,
      company_role: 'member',
    });
    expect(byEmail['elev@demo.no']?.role).toBe('individual');
    expect(byEmail['ny@demo.no']?.role).toBe('individual');
    expect(users.filter((u) => !u.is_active).length).toBe(1);

    const [learner] = await rows<{
      enrollments: number;
      completed: number;
      progress: number;
      notes: number;
      conversations: number;
      messages: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM enrollments e WHERE e.user_id = u.id) AS enrollments,
        (SELECT count(*)::int FROM enrollments e WHERE e.user_id = u.id AND e.completed_at IS NOT NULL) AS completed,
        (SELECT count(*)::int FROM lesson_progress p WHERE p.user_id = u.id AND p.completed) AS progress,
        (SELECT count(*)::int FROM video_notes n WHERE n.user_id = u.id) AS notes,
        (SELECT count(*)::int FROM chat_conversations c WHERE c.user_id = u.id) AS conversations,
        (SELECT count(*)::int FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.user_id = u.id) AS messages
      FROM users u WHERE u.email = 'elev@demo.no'`);
    expect(learner).toMatchObject({ enrollments: 4, completed: 1, notes: 3, conversations: 1, messages: 2 });
    expect(learner!.progress).toBeGreaterThan(29);

    const [fresh] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM enrollments e JOIN users u ON u.id = e.user_id WHERE u.email = 'ny@demo.no'`,
    );
    expect(fresh?.n).toBe(0);
  });

  it('is idempotent: migrating and seeding again changes nothing', async () => {
    const snapshot = async () => {
      const result: Record<string, string> = {};
      for (const table of expectedTables) {
        const [row] = await rows<{ digest: string | null; n: number }>(
          sql.raw(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table}" t`),
        );
        result[table] = `${row?.n}:${row?.digest}`;
      }
      return result;
    };
    const before = await snapshot();
    const database = await acquireAppDb();
    await migrateDatabase({ db: database.db, driver: appDriver(), close: async () => {} });
    await seedDatabase(database.db, { demoData: true });
    expect(await snapshot()).toEqual(before);
  });
});
