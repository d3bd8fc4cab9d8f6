import { getRecordDisplayName } from '@formbridge/contract/display-name';
import type { MappingPreview, MappingPreviewBody } from '@formbridge/contract/mapping-preview';
import type { CurrentUser } from '../../lib/current-user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { assembleValuesWithTrace } from '../generation/assemble-values.ts';
import { FillFailedError } from '../generation/fill-pool.ts';
import type { GenerationDeps } from '../generation/generation-deps.ts';
import {
  loadRecordBatch,
  loadTableSource,
  engineSettings,
  loadTemplateSource,
  readTemplateBytes,
} from '../generation/generation-source.ts';
import { addTransformProblems } from '../generation/transform-report.ts';
import { computeUniversalValues } from '../generation/universal-values.ts';

/**
 * What generating the template for one record would put in each mapped field: the same values
 * assembly and transforms as generation, filled in the worker pool (nothing is stored) so the
 * warnings are the fill report's own.
 */
export async function previewMappings(
  deps: GenerationDeps,
  user: CurrentUser,
  templateId: string,
  body: MappingPreviewBody,
): Promise<MappingPreview> {
  const { ctx } = deps;
  const table = await loadTableSource(ctx.db, user.id, body.table_id);
  const template = await loadTemplateSource(ctx.db, user.id, templateId, table.table);
  const batch = await loadRecordBatch(ctx.db, user.id, table, [body.record_id]);
  const record = batch.records.get(body.record_id);
  if (!record) {
    throw notFound('Record');
  }
  const recordDisplayName = getRecordDisplayName(table.table, record);
  const universal = computeUniversalValues({
    now: new Date(),
    userEmail: user.email,
    recordId: record.id,
    recordDisplayName,
    templateName: template.name,
    tableName: table.table.name,
  });
  const { values, transforms } = assembleValuesWithTrace(template.mappings, template.fieldData, {
    table: table.table,
    record,
    tablesById: table.tablesById,
    linkedRecords: batch.linkedRecords,
    universal,
  });
  let filled;
  try {
    filled = await deps.pool.fill(
      {
        templateKey: template.fileKey,
        templateBytes: await readTemplateBytes(ctx.storage, template),
        values,
        flatten: false,
        alsoFlattened: false,
        settings: engineSettings(template),
      },
      { priority: 'high' },
    );
  } catch (error) {
    if (error instanceof FillFailedError) {
      throw new AppError(
        422,
        `The PDF of template '${template.name}' cannot be filled: ${error.message}`,
      );
    }
    throw error;
  }
  const report = addTransformProblems(filled.report, transforms, values);
  const byField = new Map(report.fields.map((field) => [field.field, field]));
  return {
    record_id: record.id,
    record_display_name: recordDisplayName,
    fields: template.mappings.map((mapping) => {
      const filledField = byField.get(mapping.field_name);
      return {
        field_name: mapping.field_name,
        mapped_field_key: mapping.mapped_field_key,
        transform_label: transforms[mapping.field_name]?.transform ?? null,
        value: values[mapping.field_name] ?? null,
        value_written: filledField?.value_written ?? null,
        font_size: filledField?.font_size ?? null,
        problems: filledField?.problems ?? [],
      };
    }),
  };
}
