import type { Config } from '@netlify/functions';
import { sql } from 'drizzle-orm';
import { acquireAppDb } from '../../src/server/platform/db';
import { databaseUnavailableMessage } from '../../src/server/platform/db-errors';
import { createHandler, json, route } from '../../src/server/platform/http';
import { describeError } from '../../src/server/platform/log';

/** GET /api/health (anyone): a real database round trip; 503 when the database is unreachable. */
export default createHandler({
  'GET /api/health': route({
    access: 'public',
    database: false,
    async handler({ requestId }) {
      let release: (() => Promise<void>) | undefined;
      try {
        const acquired = await acquireAppDb();
        release = acquired.release;
        await acquired.db.execute(sql`select 1`);
        return json({ ok: true, db: 'up' });
      } catch (error) {
        // One line, no stack: an outage repeats it on every probe.
        console.error(`[${requestId}] health check: database unreachable: ${describeError(error)}`);
        return json({ ok: false, db: 'down', error: databaseUnavailableMessage }, { status: 503, headers: { 'Retry-After': '5' } });
      } finally {
        await release?.().catch(() => {});
      }
    },
  }),
});

export const config: Config = { path: '/api/health', method: 'GET' };
