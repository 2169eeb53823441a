import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm run db:seed', () => {
  it('refuses a production database unless forced', () => {
    const result = spawnSync('npx', ['tsx', 'scripts/db-seed.ts'], {
      encoding: 'utf8',
      // An unreachable server: the refusal must come before any connection attempt.
      env: {
        ...process.env,
        APP_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
        AUTH_SECRET: 'a-test-key-that-is-long-enough-for-the-check',
        VITEST: '',
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refusing to seed a production database');
  });

  it('stops at once in production without AUTH_SECRET, naming it', () => {
    const result = spawnSync('npx', ['tsx', 'scripts/db-seed.ts'], {
      encoding: 'utf8',
      env: { ...process.env, APP_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', AUTH_SECRET: '', VITEST: '' },
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('AUTH_SECRET: required in production');
  });
});
