import type { Config } from '@netlify/functions';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { acquireAppDb } from '../../src/server/platform/db';
import { databaseUnavailableMessage } from '../../src/server/platform/db-errors';
import { createHandler, route } from '../../src/server/platform/http';
import { describeError } from '../../src/server/platform/log';
import { jsonOf } from '../../src/server/platform/http/respond';

const healthResponse = z.union([
  z.object({ ok: z.literal(true), db: z.literal('up') }),
  z.object({ ok: z.literal(false), db: z.literal('down'), error: z.string() }),
]);

/** A real database round trip; 503 when it is unreachable. */
export default createHandler({
  'GET /api/health': route({
    access: 'public',
    database: false,
    response: healthResponse,
    async handler({ requestId }) {
      let release: (() => Promise<void>) | undefined;
      try {
        const acquired = await acquireAppDb();
        release = acquired.release;
        await acquired.db.execute(sql`select 1`);
        return jsonOf(healthResponse, { ok: true, db: 'up' });
      } catch (error) {
        // One line, no stack: an outage repeats it on every probe.
        console.error(`[${requestId}] health check: database unreachable: ${describeError(error)}`);
        return jsonOf(healthResponse, { ok: false, db: 'down', error: databaseUnavailableMessage }, { status: 503, headers: { 'Retry-After': '5' } });
      } finally {
        await release?.().catch(() => {});
      }
    },
  }),
});

export const config: Config = { path: '/api/health', method: 'GET' };
