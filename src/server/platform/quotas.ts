import { sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { env } from './env';
import { ConflictError } from './errors';

export function storageQuotas() {
  return { notesPerLesson: env.NOTES_PER_LESSON_MAX, conversationsPerUser: env.CONVERSATIONS_PER_USER_MAX };
}

export const quotaErrors = {
  notes: (max: number) => new ConflictError(`Du har nådd grensen på ${max} notater for denne leksjonen. Slett noen før du lager nye.`, 'note_limit'),
  conversations: (max: number) => new ConflictError(`Du har nådd grensen på ${max} samtaler. Slett noen før du starter en ny.`, 'conversation_limit'),
} as const;

/**
 * Count-then-insert is not enough under READ COMMITTED, so creates for one `key` queue on a transaction-scoped
 * advisory lock. `counted` (taken without the lock) refuses a burst at the cap at once instead of queueing it.
 */
export async function createWithinQuota<T>(
  db: Db,
  quota: { key: string; max: number; counted: number; refusal: ConflictError },
  insert: (tx: Db) => Promise<{ row: T; before: number }>,
): Promise<T> {
  if (quota.counted >= quota.max) throw quota.refusal;
  return atomically(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${quota.key}, 0))`);
    const { row, before } = await insert(tx);
    if (before >= quota.max) throw quota.refusal;
    return row;
  });
}
