import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { IdempotencyKeysTable } from '../../db/schema.ts';

// All SQL on idempotency_keys. Every query names the user: a key is only ever one user's.

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
export type KeyRef = { userId: string; key: string };

/** Takes the key for a new request; false when the user already has a row for it. */
export async function claimKey(
  db: Db,
  ref: KeyRef,
  claim: { requestHash: string; now: string; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: ref.userId,
      idem_key: ref.key,
      request_hash: claim.requestHash,
      status: null,
      content_type: null,
      response: null,
      created_at: claim.now,
      expires_at: claim.expiresAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findKey(db: Db, ref: KeyRef): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', ref.userId)
    .where('idem_key', '=', ref.key)
    .executeTakeFirst();
}

/**
 * Claims a key whose first request was abandoned (no answer stored long after it started), for
 * this request; false when another retry took it over first.
 */
export async function takeOverKey(
  db: Db,
  ref: KeyRef,
  previousCreatedAt: string,
  claim: { now: string; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: claim.now, expires_at: claim.expiresAt })
    .where('user_id', '=', ref.userId)
    .where('idem_key', '=', ref.key)
    .where('status', 'is', null)
    .where('created_at', '=', previousCreatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores the first answer, which every retry with the key then gets. */
export async function saveAnswer(
  db: Db,
  ref: KeyRef,
  answer: { status: number; contentType: string; response: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: answer.status, content_type: answer.contentType, response: answer.response })
    .where('user_id', '=', ref.userId)
    .where('idem_key', '=', ref.key)
    .execute();
}

/** Forgets a key whose request was refused (nothing was done): a retry runs again. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', ref.userId)
    .where('idem_key', '=', ref.key)
    .where('status', 'is', null)
    .execute();
}

/** Drops the user's keys past their 24 hours (on the primary key's user prefix). */
export async function deleteExpiredKeys(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}
