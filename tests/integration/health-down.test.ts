import { describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors, call } from '../helpers';

// Point the app at a server that does not exist before any app module reads the settings.
process.env.DATABASE_URL = 'postgres://nobody:nothing@127.0.0.1:9/none';
process.env.DATABASE_DRIVER = 'pg';

describe('GET /api/health with the database unreachable', () => {
  it('answers 503 without internals', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { default: health } = await import('../../netlify/functions/health');
    const { databaseUnavailableMessage } = await import('../../src/server/platform/db-errors');
    const result = await call(health, '/api/health');
    expect(result.status).toBe(503);
    expect(result.body).toEqual({ ok: false, db: 'down', error: databaseUnavailableMessage });
    // One concise line: the driver's code and message, no stack.
    expect(errors.mock.calls.map((args) => args.map(String).join(' '))).toEqual([
      expect.stringMatching(/health check: database unreachable: (query failed: )?\w+ \[ECONNREFUSED\]: connect ECONNREFUSED 127\.0\.0\.1:9$/),
    ]);
    errors.mockRestore();
  });
});
