import type { TemplateRow } from './templates.repo.ts';

const MAX_FIELD_LIST = 1000;

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A template as the audit log compares it: its name, its PDF, its fields and fill settings. */
export function describeTemplate(row: TemplateRow): Record<string, string | null> {
  const names = Object.keys(JSON.parse(row.field_data) as Record<string, unknown>).join(', ');
  return {
    name: row.name,
    pdf: `${formatSize(Number(row.file_size))}, ${row.page_count} ${row.page_count === 1 ? 'page' : 'pages'}`,
    fields:
      names.length > MAX_FIELD_LIST
        ? `${names.slice(0, MAX_FIELD_LIST)}… (${row.field_count})`
        : names,
    'fill settings': row.fill_settings,
  };
}

export const templateTarget = (row: TemplateRow) => ({
  kind: 'template' as const,
  id: row.id,
  name: row.name,
});
