import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';
import { migrationsFolder } from './migrate';

/**
 * Migration 0001 moves the video URL from its own column into the lesson content (and
 * adds the sample video's length) before dropping the column: a database that was on
 * 0000 keeps its videos.
 */

// Each test migrates an embedded database from scratch (every migration, twice): minutes on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the migrations folder that knows only the first `n` migrations. */
function firstMigrations(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'kia-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, n) }));
  return dir;
}

describe('migration 0001_lesson_content_and_ownership', () => {
  it('moves video_url into content.videoUrl, adds the demo video length, then drops the column', async () => {
    expect(journal.entries[1]?.tag).toBe('0001_lesson_content_and_ownership');
    const database = await openDatabase({ driver: 'pglite', pgliteDataDir: 'memory://' });
    try {
      const db = database.db;
      await migrate(db as never, { migrationsFolder: firstMigrations(1) });
      await db.execute(sql`INSERT INTO courses (id, title, description, duration, level) VALUES ('k', 'K', 'K', '1 time', 'Nybegynner')`);
      await db.execute(sql`INSERT INTO modules (id, course_id, title) VALUES ('00000000-0000-4000-8000-000000000001', 'k', 'M')`);
      await db.execute(sql`
        INSERT INTO lessons (id, module_id, title, type, content, video_url) VALUES
          ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'Demo', 'video',
           '{"description": "Om videoen"}', '/media/demo-leksjon.mp4'),
          ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'Ekstern', 'video',
           '{"videoUrl": "https://cdn.example.no/a.mp4", "durationSeconds": 60}', 'https://gammel.example.no/b.mp4'),
          ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000001', 'Oppgave', 'task',
           '{"instructions": "Gjør det"}', NULL)`);

      await migrate(db as never, { migrationsFolder });

      const { rows } = (await db.execute(sql`SELECT title, content FROM lessons ORDER BY id`)) as unknown as {
        rows: { title: string; content: Record<string, unknown> }[];
      };
      expect(rows).toEqual([
        { title: 'Demo', content: { description: 'Om videoen', videoUrl: '/media/demo-leksjon.mp4', durationSeconds: 28 } },
        // Content that already had its URL keeps it.
        { title: 'Ekstern', content: { videoUrl: 'https://cdn.example.no/a.mp4', durationSeconds: 60 } },
        { title: 'Oppgave', content: { instructions: 'Gjør det' } },
      ]);
      const columns = (await db.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'lessons' AND column_name IN ('video_url', 'admin_edited_at')`,
      )) as unknown as { rows: { column_name: string }[] };
      expect(columns.rows.map((c) => c.column_name)).toEqual(['admin_edited_at']);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0014_task_answers_and_conversation_titles', () => {
  it('names the conversations still called "Ny samtale" after their first question, and leaves the rest', async () => {
    const at = journal.entries.findIndex((e) => e.tag === '0014_task_answers_and_conversation_titles');
    expect(at).toBeGreaterThan(0);
    const database = await openDatabase({ driver: 'pglite', pgliteDataDir: 'memory://' });
    try {
      const db = database.db;
      await migrate(db as never, { migrationsFolder: firstMigrations(at) });
      await db.execute(
        sql`INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ('00000000-0000-4000-8000-0000000000aa', 'a@example.no', 'x', 'A', 'B')`,
      );
      await db.execute(sql`
        INSERT INTO chat_conversations (id, user_id, title) VALUES
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000aa', 'Ny samtale'),
          ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000aa', 'Ny samtale'),
          ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-0000000000aa', 'Mine prompter'),
          ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-0000000000aa', 'Ny samtale')`);
      await db.execute(sql`
        INSERT INTO chat_messages (conversation_id, role, content, created_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'user', 'hva er  en <b>prompt</b>?', '2026-01-01T10:00:00Z'),
          ('00000000-0000-4000-8000-000000000001', 'assistant', 'Et svar', '2026-01-01T10:00:01Z'),
          ('00000000-0000-4000-8000-000000000001', 'user', 'Et senere spørsmål', '2026-01-01T10:01:00Z'),
          ('00000000-0000-4000-8000-000000000002', 'user', 'Hvordan får jeg Copilot i Outlook til å lage et kort sammendrag av en lang e-posttråd?', '2026-01-01T10:00:00Z'),
          ('00000000-0000-4000-8000-000000000003', 'user', 'Hei', '2026-01-01T10:00:00Z')`);

      await migrate(db as never, { migrationsFolder });

      const { rows } = (await db.execute(sql`SELECT title FROM chat_conversations ORDER BY id`)) as unknown as { rows: { title: string }[] };
      expect(rows.map((r) => r.title)).toEqual([
        'Hva er en b prompt /b ?',
        'Hvordan får jeg Copilot i Outlook til å lage et kort…',
        'Mine prompter',
        'Ny samtale',
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('migration 0018_company_memberships', () => {
  it('turns users.company_id into memberships: the company admin manages their company, seat holders are members', async () => {
    const at = journal.entries.findIndex((e) => e.tag === '0018_company_memberships');
    expect(at).toBeGreaterThan(0);
    const database = await openDatabase({ driver: 'pglite', pgliteDataDir: 'memory://' });
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    try {
      const db = database.db;
      await migrate(db as never, { migrationsFolder: firstMigrations(at) });
      await db.execute(sql`INSERT INTO products (id, kind, title, price_ore, vat) VALUES ('package:p', 'package', 'Pakke', 100000, 'standard_25')`);
      await db.execute(
        sql`INSERT INTO companies (id, name, org_number) VALUES (${id(1)}, 'Betalt AS', '974760673'), (${id(2)}, 'Faktura AS', '923609016')`,
      );
      await db.execute(sql`
        INSERT INTO users (id, email, password_hash, first_name, last_name, role, company_id) VALUES
          (${id(11)}, 'leder-a@example.no', 'x', 'A', 'Leder', 'company_admin', ${id(1)}),
          (${id(12)}, 'ansatt-a@example.no', 'x', 'A', 'Ansatt', 'individual', ${id(1)}),
          (${id(13)}, 'leder-b@example.no', 'x', 'B', 'Leder', 'company_admin', ${id(2)}),
          (${id(14)}, 'uten@example.no', 'x', 'U', 'Bedrift', 'company_admin', NULL),
          (${id(15)}, 'tidligere@example.no', 'x', 'T', 'Ansatt', 'individual', NULL)`);
      await db.execute(sql`
        INSERT INTO company_seats (company_id, user_id, product_id, revoked_at) VALUES
          (${id(1)}, ${id(12)}, 'package:p', NULL),
          (${id(2)}, ${id(13)}, 'package:p', NULL),
          (${id(1)}, ${id(15)}, 'package:p', now())`);
      await db.execute(sql`
        INSERT INTO orders (reference, user_id, buyer_first_name, buyer_last_name, buyer_email, product_id, company_id, title, quantity,
          list_price_ore, total_ore, vat, vat_rate_bp, vat_ore, provider, status, consent_version, consent_text, consent_at,
          idempotency_key, captured_ore, receipt_number, paid_at, expires_at) VALUES
          ('ka-a', ${id(11)}, 'A', 'Leder', 'leder-a@example.no', 'package:p', ${id(1)}, 'Pakke', 2, 200000, 200000, 'standard_25', 2500, 40000,
           'test', 'paid', 'bedrift', 'x', now(), 'k-a', 200000, 1, now(), now()),
          ('ka-b', ${id(13)}, 'B', 'Leder', 'leder-b@example.no', 'package:p', ${id(2)}, 'Pakke', 2, 200000, 200000, 'standard_25', 2500, 40000,
           'invoice', 'invoiced', 'bedrift', 'x', now(), 'k-b', 0, NULL, NULL, now())`);

      await migrate(db as never, { migrationsFolder });

      const memberships = (await db.execute(
        sql`SELECT company_id, user_id, role FROM company_memberships ORDER BY company_id, user_id`,
      )) as unknown as { rows: { company_id: string; user_id: string; role: string }[] };
      expect(memberships.rows).toEqual([
        { company_id: id(1), user_id: id(11), role: 'manager' },
        { company_id: id(1), user_id: id(12), role: 'member' },
        // A company admin holding a seat of their own company stays its manager.
        { company_id: id(2), user_id: id(13), role: 'manager' },
      ]);
      const roles = (await db.execute(sql`SELECT email, role FROM users ORDER BY email`)) as unknown as { rows: { email: string; role: string }[] };
      expect(Object.fromEntries(roles.rows.map((r) => [r.email, r.role]))).toMatchObject({
        'leder-a@example.no': 'company_admin',
        'leder-b@example.no': 'company_admin',
        // Tied to no company, the label goes.
        'uten@example.no': 'individual',
      });
      const companies = (await db.execute(sql`SELECT name, approved_at IS NOT NULL AS approved FROM companies ORDER BY name`)) as unknown as {
        rows: { name: string; approved: boolean }[];
      };
      // A company that has paid is approved; one with only an unpaid invoice waits.
      expect(companies.rows).toEqual([
        { name: 'Betalt AS', approved: true },
        { name: 'Faktura AS', approved: false },
      ]);
      const column = (await db.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'company_id'`,
      )) as unknown as { rows: unknown[] };
      expect(column.rows).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
