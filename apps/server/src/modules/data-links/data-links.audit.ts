import type { Db } from '../../db/database.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { toBoolean } from '../../db/dialect.ts';
import { presentDataLink } from './data-links.presenter.ts';
import type { DataLinkListRow } from './data-links.repo.ts';

/** What the log compares of a data link: never its token, only what the owner set. */
function describe(row: DataLinkListRow): Record<string, string | null> {
  return {
    active: toBoolean(row.is_active) ? 'Yes' : 'No',
    'expires at': row.expires_at,
    message: row.custom_message,
  };
}

/** The event of a data link's creation (before null), change, or deletion (after null). */
export function auditDataLink(
  trx: Db,
  scope: AuditScope,
  action: 'data_link.created' | 'data_link.updated' | 'data_link.deleted',
  before: DataLinkListRow | null,
  after: DataLinkListRow | null,
): Promise<void> {
  const row = after ?? before;
  if (!row) {
    return Promise.resolve();
  }
  const shown = presentDataLink(row, '');
  return auditWrite(trx, scope, {
    action,
    target: { kind: 'data_link', id: row.id, name: `${shown.table_name} · ${shown.record_label}` },
    before: before && describe(before),
    after: after && describe(after),
  });
}
