import { withReadableOptionLabels } from '@formbridge/contract/pdf-names';
import {
  readFillSettings,
  type FieldDataDto,
  type Template,
  type TemplateSummary,
} from '@formbridge/contract/templates';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import type { TemplateListRow, TemplateRow } from './templates.repo.ts';

/** Path of a template's PDF; responses carry it signed so a browser tab can open it. */
export function templateFilePath(id: string): string {
  return `/api/v1/pdf-templates/${id}/file`;
}

export function presentTemplateSummary(row: TemplateListRow, signer: UrlSigner): TemplateSummary {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    file_path: signer.sign(templateFilePath(row.id)),
    file_size: row.file_size,
    field_count: row.field_count,
    page_count: row.page_count,
    pages: JSON.parse(row.pages) as TemplateSummary['pages'],
    fill_settings: readFillSettings(row.fill_settings),
  };
}

export function presentTemplate(row: TemplateRow, signer: UrlSigner): Template {
  return {
    ...presentTemplateSummary(row, signer),
    field_data: withReadableOptionLabels(JSON.parse(row.field_data) as FieldDataDto),
    ...(row.detection_notes
      ? { detection_notes: JSON.parse(row.detection_notes) as string[] }
      : {}),
  };
}
