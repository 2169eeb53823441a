import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { userAuditLog, users } from '../../db/schema';
import { verifyPassword } from '../../src/server/auth/password';

/**
 * `npm run user:create` (issue 13): the first superuser of a real deployment. Spawned as a
 * separate process against the test file's database (PGlite, or PostgreSQL through node-postgres
 * with TEST_DATABASE_URL), with the password piped on stdin, never as an argument.
 */

// The file's own test database (tests/setup/database.ts): migrated and seeded, not yet opened by
// this process, so the command can open it (PGlite allows one process at a time).
const env = { ...process.env, VITEST: '', APP_ENV: 'development' };

function run(script: string, args: string[], input?: string) {
  return spawnSync('npx', ['tsx', script, ...args], { encoding: 'utf8', env, input: input ?? '', timeout: 60_000 });
}

async function inspect<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, driver: 'pg' } : { driver: 'pglite', pgliteDataDir: process.env.PGLITE_DATA_DIR },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('npm run user:create', () => {
  it('creates a superuser with the piped password, hashed, and an audit row without an actor', async () => {
    const result = run(
      'scripts/user-create.ts',
      ['--role', 'superuser', '--email', 'Sjef@Example.no', '--first-name', 'Kari', '--last-name', 'Sjef'],
      'et godt passord\n',
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Created sjef@example.no as superuser');
    expect(result.stdout + result.stderr).not.toContain('et godt passord');

    await inspect(async ({ db }) => {
      const [user] = await db.select().from(users).where(eq(users.email, 'sjef@example.no'));
      expect(user).toMatchObject({ role: 'superuser', isActive: true, firstName: 'Kari', lastName: 'Sjef' });
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user!.passwordHash, 'et godt passord')).toBe(true);
      const audit = await db.select().from(userAuditLog).where(eq(userAuditLog.userId, user!.id));
      expect(audit).toMatchObject([{ action: 'created', actorId: null, fromValue: null, toValue: 'superuser' }]);
    });
  }, 60_000);

  it('promotes an existing user (their password stays) and audits it', async () => {
    const created = run('scripts/user-create.ts', ['--role', 'individual', '--email', 'ola@example.no'], 'olas passord\n');
    expect(created.status, created.stderr).toBe(0);
    const promoted = run('scripts/user-create.ts', ['--role', 'admin', '--email', 'ola@example.no']);
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain('ola@example.no is now an active admin (was individual');

    await inspect(async ({ db }) => {
      const [user] = await db.select().from(users).where(eq(users.email, 'ola@example.no'));
      expect(user?.role).toBe('admin');
      expect(await verifyPassword(user!.passwordHash, 'olas passord')).toBe(true);
      const audit = await db.select().from(userAuditLog).where(eq(userAuditLog.userId, user!.id));
      expect(audit.map((a) => [a.action, a.fromValue, a.toValue, a.actorId])).toEqual([
        ['created', null, 'individual', null],
        ['promoted', 'individual', 'admin', null],
      ]);
    });
  }, 90_000);

  it('refuses a password given as an argument, a password that breaks the registration rules, and bad arguments', async () => {
    const argument = run('scripts/user-create.ts', ['--role', 'superuser', '--email', 'a@example.no', '--password', 'hemmelig123']);
    expect(argument.status).toBe(1);
    expect(argument.stderr).toContain('The password is never taken as an argument');

    const short = run('scripts/user-create.ts', ['--role', 'superuser', '--email', 'a@example.no'], 'kort\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('Passordet må ha minst 8 tegn');

    const role = run('scripts/user-create.ts', ['--role', 'eier', '--email', 'a@example.no']);
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('--role must be one of');

    await inspect(async ({ db }) => {
      expect(await db.select().from(users).where(eq(users.email, 'a@example.no'))).toEqual([]);
    });
  }, 90_000);

  it('never demotes the last active superuser', async () => {
    // Leave sjef@example.no as the only active superuser.
    await inspect(({ db }) => db.update(users).set({ role: 'admin' }).where(eq(users.email, 'superbruker@demo.no')));
    const result = run('scripts/user-create.ts', ['--role', 'admin', '--email', 'sjef@example.no']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('siste aktive superbrukeren');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
