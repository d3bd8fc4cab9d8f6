import { z } from 'zod';
import { DATE_ORDERS, DECIMAL_SEPARATORS } from './import-formats.ts';

// Answers of a table's CSV/.xlsx import: the preview the column mapping is chosen on, then the
// all-or-nothing import.

/** POST /api/v1/dynamic-tables/{id}/import/preview. */
export const importPreviewSchema = z.object({
  delimiter: z.enum([',', ';', '\t']),
  /** Read from the first rows' date and number cells; send it back (or the user's choice) to import. */
  detected_format: z.object({
    date_order: z.enum(DATE_ORDERS),
    decimal_separator: z.enum(DECIMAL_SEPARATORS),
  }),
  columns: z.array(z.string()),
  /** The first 20 non-blank data rows, each aligned with `columns`. */
  sample_rows: z.array(z.array(z.string())),
  /** Non-blank data rows in the file. */
  row_count: z.number().int().nonnegative(),
  /** Column name → field name, for columns whose name matches a field's name or label. */
  suggested_mapping: z.record(z.string(), z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST /api/v1/dynamic-tables/{id}/import → 201: rows stored, and blank rows passed over. */
export const importResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  skipped_blank_rows: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
