import {
  isLinkExpired,
  PUBLIC_LINK_CODES,
  PUBLIC_LINK_MESSAGES,
} from '@formbridge/contract/public-links';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { findDataLinkByToken, type StoredDataLink } from '../data-links/data-links.public.ts';

/** Unknown token, or the link's record is gone: 404, the same for both. */
export function invalidDataLink(): AppError {
  return new AppError(404, PUBLIC_LINK_MESSAGES.dataLinkInvalid, PUBLIC_LINK_CODES.invalid);
}

/**
 * The usable link behind a token, checked on every public call: unknown → 404, switched off →
 * 410 'This link has been deactivated.', past its expiry → 410 'This link has expired.'.
 */
export async function resolveDataLink(
  db: Db,
  token: string,
  now: number = Date.now(),
): Promise<StoredDataLink> {
  const link = await findDataLinkByToken(db, token);
  if (!link) {
    throw invalidDataLink();
  }
  if (!link.is_active) {
    throw new AppError(410, PUBLIC_LINK_MESSAGES.dataLinkInactive, PUBLIC_LINK_CODES.inactive);
  }
  if (isLinkExpired(link.expires_at, now)) {
    throw new AppError(410, PUBLIC_LINK_MESSAGES.dataLinkExpired, PUBLIC_LINK_CODES.expired);
  }
  return link;
}
