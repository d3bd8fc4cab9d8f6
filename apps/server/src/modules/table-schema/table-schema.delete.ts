import { listLinkFieldsTo } from '@formbridge/contract/table-links';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listTemplateNamesUsingTable } from '../mappings/mappings.public.ts';
import { listTables, lockTable, removeTable } from '../tables/tables.public.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTableWrite } from '../../lib/audit/schema-changes.ts';
import {
  deleteToTrash,
  moveToTrash,
  removeForgottenFiles,
  trashRetentionDays,
} from '../../lib/trash/move-to-trash.ts';
import { snapshotTable } from '../../lib/trash/trash-snapshot.ts';

function quoteList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
}

function describeUses(linkingTables: readonly string[], templates: readonly string[]): string {
  const uses: string[] = [];
  if (linkingTables.length > 0) {
    const noun = linkingTables.length === 1 ? 'table' : 'tables';
    uses.push(`linked from the ${noun} ${quoteList(linkingTables)}`);
  }
  if (templates.length > 0) {
    const noun = templates.length === 1 ? 'template' : 'templates';
    uses.push(`used by the field mappings of the ${noun} ${quoteList(templates)}`);
  }
  return uses.join(' and ');
}

/**
 * Deletes a table with its records and their files, unless another table links to it or a
 * template's mappings read from it (409 naming them). Everything it takes goes to the trash
 * (issue 32); its files stay in storage until the trash item is purged.
 */
export async function deleteTable(ctx: AppContext, scope: AuditScope, id: string): Promise<void> {
  const ownerId = scope.workspaceId;
  const run = (keep: boolean) =>
    ctx.db.transaction().execute(async (trx) => {
      const table = await lockTable(trx, ownerId, id);
      if (!table) {
        throw notFound('Table');
      }
      const linking = (await listTables(trx, ownerId))
        .filter((other) => other.id !== id && listLinkFieldsTo(other, id).length > 0)
        .map((other) => other.name)
        .sort((a, b) => a.localeCompare(b));
      const templates = await listTemplateNamesUsingTable(trx, ownerId, id);
      if (linking.length > 0 || templates.length > 0) {
        throw new AppError(
          409,
          `Table '${table.name}' cannot be deleted because it is ${describeUses(linking, templates)}.`,
          'table_in_use',
        );
      }
      const snapshot = await snapshotTable(trx, id);
      await removeTable(trx, ownerId, id);
      await auditTableWrite(trx, scope, {
        action: 'table.deleted',
        tableId: id,
        before: table,
        after: null,
      });
      const retentionDays = trashRetentionDays(ctx.config);
      const item = { kind: 'table' as const, id, name: table.name, retentionDays, keep };
      return moveToTrash(trx, scope, item, snapshot);
    });
  await removeForgottenFiles(ctx.storage, await deleteToTrash(run));
}
