import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, call } from '../helpers';

// Point the app at a server that does not exist before any app module reads the settings.
process.env.DATABASE_URL = 'postgres://nobody:nothing@127.0.0.1:9/none';
process.env.DATABASE_DRIVER = 'pg';

describe('GET /api/health with the database unreachable', () => {
  it('answers 503 without internals', async () => {
    allowConsoleErrors();
    const { default: health } = await import('../../netlify/functions/health');
    const result = await call(health, '/api/health');
    expect(result.status).toBe(503);
    expect(result.body).toEqual({ ok: false, db: 'down' });
  });
});
