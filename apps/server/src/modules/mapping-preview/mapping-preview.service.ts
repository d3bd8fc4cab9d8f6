import type { MappingPreview, MappingPreviewBody } from '@formbridge/contract/mapping-preview';
import type { Member } from '../../lib/current-member.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  fillRecordValues,
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
  type FillDeps,
} from '../completed-forms/completed-forms.public.ts';

/**
 * What generating the template for one record would put in each mapped field: the same fill
 * as generation (`fillRecordValues`), nothing stored, so the warnings are the fill report's own.
 */
export async function previewMappings(
  deps: FillDeps,
  member: Member,
  templateId: string,
  body: MappingPreviewBody,
): Promise<MappingPreview> {
  const { ctx } = deps;
  const table = await loadTableSource(ctx.db, member.workspaceId, body.table_id);
  const template = await loadTemplateSource(ctx.db, member.workspaceId, templateId, table.table);
  const batch = await loadRecordBatch(ctx.db, member.workspaceId, table, [body.record_id]);
  const record = batch.records.get(body.record_id);
  if (!record) {
    throw notFound('Record');
  }
  const made = await fillRecordValues(deps.pool, {
    userEmail: member.user.email,
    now: new Date(),
    flatten: false,
    priority: 'high',
    table,
    template,
    templateBytes: await readTemplateBytes(ctx.storage, template),
    record,
    linkedRecords: batch.linkedRecords,
  });
  if (!made.ok) {
    throw new AppError(422, made.detail);
  }
  const byField = new Map(made.report.fields.map((field) => [field.field, field]));
  return {
    record_id: record.id,
    record_display_name: made.recordDisplayName,
    fields: template.mappings.map((mapping) => {
      const filledField = byField.get(mapping.field_name);
      return {
        field_name: mapping.field_name,
        mapped_field_key: mapping.mapped_field_key,
        transform_label: made.transforms[mapping.field_name]?.transform ?? null,
        value: made.values[mapping.field_name] ?? null,
        value_written: filledField?.value_written ?? null,
        font_size: filledField?.font_size ?? null,
        problems: filledField?.problems ?? [],
      };
    }),
  };
}
