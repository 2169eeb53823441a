import { sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { env } from './env';
import { ConflictError } from './errors';

/**
 * Caps on what one user stores: notes per video lesson, conversations. A create
 * at the cap is a 409 with a Norwegian message and an `errorType` the islands can tell apart.
 */

export function storageQuotas() {
  return { notesPerLesson: env.NOTES_PER_LESSON_MAX, conversationsPerUser: env.CONVERSATIONS_PER_USER_MAX };
}

export const quotaErrors = {
  notes: (max: number) => new ConflictError(`Du har nådd grensen på ${max} notater for denne leksjonen. Slett noen før du lager nye.`, 'note_limit'),
  conversations: (max: number) => new ConflictError(`Du har nådd grensen på ${max} samtaler. Slett noen før du starter en ny.`, 'conversation_limit'),
} as const;

/**
 * Creates a row only while fewer than `max` rows like it exist, also when many creates arrive
 * at once. Counting, then inserting is not enough under READ COMMITTED: parallel requests all
 * count the same rows and all insert. So the creates for one `key` (one user's notes on one
 * lesson, one user's conversations) queue on a transaction-scoped advisory lock; the insert
 * that follows is a new statement, so it counts every row committed before the lock was
 * granted. `insert` returns the new row and `before`, the rows counted in its own statement
 * (a subquery in RETURNING, which does not see the new row); at the cap the transaction rolls
 * back and the 409 is thrown. Four statements: BEGIN, the lock, the insert, COMMIT.
 *
 * `counted` is what the caller already counted without the lock: at the cap a burst is then
 * refused at once instead of queueing on the lock, one connection each, for a certain 409.
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
