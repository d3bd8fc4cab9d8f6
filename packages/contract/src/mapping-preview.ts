import { z } from 'zod';

// Preview of a template's mappings on one record: what each mapped field will receive after its
// transform, and what the fill engine would do with it, before anything is generated.

export const mappingPreviewBodySchema = z.object({
  table_id: z.uuid(),
  record_id: z.uuid(),
});
export type MappingPreviewBody = z.infer<typeof mappingPreviewBodySchema>;

export const previewFieldSchema = z.object({
  field_name: z.string(),
  mapped_field_key: z.string(),
  /** The transform's one-line name, null when the value goes in as it is. */
  transform_label: z.string().nullable(),
  /** The value handed to the PDF field (after the transform). */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  /** What the field would hold: text cut at its max length, the option or state chosen. */
  value_written: z.string().nullable(),
  /** Font size after shrink-to-fit, null when no text is drawn. */
  font_size: z.number().nullable(),
  /** The fill report's warnings (too long, shrunk, unmatched option) and transform notes. */
  problems: z.array(z.string()),
});
export type PreviewField = z.infer<typeof previewFieldSchema>;

export const mappingPreviewSchema = z.object({
  record_id: z.string(),
  record_display_name: z.string(),
  fields: z.array(previewFieldSchema),
});
export type MappingPreview = z.infer<typeof mappingPreviewSchema>;
