import { listLinkFieldsTo } from '@formbridge/contract/table-links';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listTemplateNamesUsingTable } from '../mappings/mappings.public.ts';
import { listTableFiles, removeStoredFiles } from '../record-files/record-files.public.ts';
import { listTables, lockTable, removeTable } from '../tables/tables.public.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTableWrite } from '../../lib/audit/schema-changes.ts';

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
 * template's mappings read from it (409 naming them). Files leave storage after the commit.
 */
export async function deleteTable(ctx: AppContext, scope: AuditScope, id: string): Promise<void> {
  const ownerId = scope.workspaceId;
  const fileKeys = await ctx.db.transaction().execute(async (trx) => {
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
    const files = await listTableFiles(trx, ownerId, id);
    await removeTable(trx, ownerId, id);
    await auditTableWrite(trx, scope, {
      action: 'table.deleted',
      tableId: id,
      before: table,
      after: null,
    });
    return files.map((file) => file.file_key);
  });
  await removeStoredFiles(ctx, fileKeys);
}
