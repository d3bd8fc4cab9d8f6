import {
  readFillSettings,
  type FieldDataDto,
  type TemplateFillSettings,
} from '@formbridge/contract/templates';
import type { TemplateRow } from './templates.repo.ts';

/**
 * A template as other modules work with it: its PDF's storage key, its fields and fill settings
 * read. Other modules get this from templates.public.ts, never the row.
 */
export type StoredTemplate = {
  id: string;
  owner_id: string;
  name: string;
  /** Storage key of the PDF in use (as uploaded, or with the editor's fields written in). */
  file_key: string;
  field_data: FieldDataDto;
  fill_settings: TemplateFillSettings;
  /** The revision the template shows (issue 32). */
  current_revision: number;
  created_at: string;
  updated_at: string;
};

/** Reads a template row's JSON columns; the app wrote them, so their shape is trusted. */
export function readTemplate(row: TemplateRow): StoredTemplate {
  return {
    id: row.id,
    owner_id: row.owner_id,
    name: row.name,
    file_key: row.file_key,
    field_data: JSON.parse(row.field_data) as FieldDataDto,
    fill_settings: readFillSettings(row.fill_settings),
    current_revision: Number(row.current_revision),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
