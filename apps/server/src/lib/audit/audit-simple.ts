import type { AuditChange, AuditTargetKind } from '@formbridge/contract/audit';
import type { Db } from '../../db/database.ts';
import { recordAudit } from './record-audit.ts';
import type { AuditScope } from './request-scope.ts';

type Values = Readonly<Record<string, string | null>> | null;

/**
 * The changes between two flat descriptions of an item (before null: created; after null:
 * deleted), in the order their keys first appear. Callers pass only what a user may read:
 * never a token, a password or a secret.
 */
export function diffValues(before: Values, after: Values): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => change.before !== change.after);
}

/** The event of a write to an item described by flat values (a template, mapping, link, form). */
export function auditWrite(
  trx: Db,
  scope: AuditScope,
  write: {
    action: string;
    target: { kind: AuditTargetKind; id: string; name: string };
    before?: Values;
    after?: Values;
  },
): Promise<void> {
  return recordAudit(trx, scope.actor, {
    workspaceId: scope.workspaceId,
    action: write.action,
    target: write.target,
    changes: diffValues(write.before ?? null, write.after ?? null),
  });
}
