import type { Db } from '../../db/database.ts';
import { crashPoint, type CrashPoint } from '../crash-point.ts';
import type { Storage } from './storage.ts';

/**
 * Writes the rows that name a file and the file itself as one step: `write` runs in a
 * transaction, then the bytes are stored under `key` (local disk: a temp file renamed into place;
 * S3: one PUT) as its last act before the commit. A crash before that leaves neither; a crash
 * between the store and the commit leaves a file no row owns, which the file sweep removes; and
 * a row is never committed without its file. If anything throws, the file is removed again.
 */
export async function commitWithFile<T>(
  db: Db,
  storage: Storage,
  file: { key: string; bytes: Uint8Array; point: CrashPoint },
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await storage.put(file.key, file.bytes);
      await crashPoint(file.point);
      return result;
    });
  } catch (error) {
    await storage.remove(file.key);
    throw error;
  }
}
