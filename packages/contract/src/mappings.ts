import { z } from 'zod';
import { mappedFieldKeySchema } from './mapping-keys.ts';
import { transformSchema } from './transforms.ts';

/** A stored mapping, with the names the screens show next to it. */
export const fieldMappingSchema = z.object({
  id: z.uuid(),
  template_id: z.uuid(),
  field_name: z.string(),
  mapped_table_id: z.uuid(),
  mapped_field_key: z.string(),
  suggested: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Name of the mapped table, for 'table.field' labels. */
  table_name: z.string(),
  /** Label of the target: the field's or rule's label, 'Link → Field' for linked, the universal label. */
  target_label: z.string(),
  /** How the value is changed on its way into the PDF field; null writes it as it is. */
  transform: transformSchema.nullable(),
  /** One line naming the transform ('Date MM/DD/YYYY'), null without one. */
  transform_label: z.string().nullable(),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

export const createMappingBodySchema = z.object({
  template_id: z.uuid(),
  field_name: z.string().min(1).max(1000),
  mapped_table_id: z.uuid(),
  mapped_field_key: mappedFieldKeySchema,
  suggested: z.boolean().default(false),
  transform: transformSchema.nullable().default(null),
});
export type CreateMappingBody = z.input<typeof createMappingBodySchema>;
/** A create request after parsing: defaults filled in. */
export type CreateMappingData = z.output<typeof createMappingBodySchema>;

export const updateMappingBodySchema = z.object({
  mapped_field_key: mappedFieldKeySchema,
  /** Optional: moving a mapping to another table of the user's. */
  mapped_table_id: z.uuid().optional(),
  suggested: z.boolean().optional(),
  /** Left out: unchanged; null: removed. */
  transform: transformSchema.nullable().optional(),
});
export type UpdateMappingBody = z.input<typeof updateMappingBodySchema>;

export const suggestionSchema = z.object({
  field_name: z.string(),
  suggested_field_key: z.string(),
  confidence_score: z.number().min(0).max(1),
  /** The evidence: which of the field's words (name, tooltip, printed label) matched the target. */
  reason: z.string(),
  /** A transform proposed on strong evidence (a date pattern in the label, split boxes). */
  transform: transformSchema.nullable().optional(),
  /**
   * The region of the page the field sits in when it is not the record's own: whose block it is
   * (`preparer`, `witness`, `parent`, `other-row` …), what shows it (the heading, the caption),
   * and `foreign` when the suggested target is not that party's. Apply All never writes those.
   */
  region: z.object({ owner: z.string(), label: z.string(), foreign: z.boolean() }).optional(),
  /**
   * The server's judgement that Apply All may write this suggestion unattended: its kind of
   * evidence at its score has been right nearly always on many repositories, and the box is not
   * another party's. Absent or false: the user maps it one at a time.
   */
  apply_all: z.boolean().optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;

/**
 * A suggestion the user turned down (issue 28): the account remembers it, and the same target is
 * not suggested again for a field with the same caption and region.
 */
export const rejectSuggestionBodySchema = z.object({
  field_name: z.string().min(1).max(1000),
  suggested_field_key: z.string().min(1).max(600),
});
export type RejectSuggestionBody = z.infer<typeof rejectSuggestionBodySchema>;

export const universalFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.string(),
});
export type UniversalField = z.infer<typeof universalFieldSchema>;

export const MAPPING_MESSAGES = {
  notFound: 'Mapping not found',
  duplicate: (field: string) =>
    `Field "${field}" is already mapped; update or remove its mapping instead`,
  unknownPdfField: (field: string) => `The template has no field named "${field}"`,
  unknownTarget: (key: string, table: string) => `"${key}" is not a field of table "${table}"`,
  fileTarget: (key: string) => `"${key}" is a file field; files cannot fill a PDF field`,
  unknownUniversal: (key: string) => `"${key}" is not a universal dynamic field`,
  notALink: (field: string) => `"${field}" is not a link field`,
  linkWithoutTable: (field: string) => `Link field "${field}" has no linked table`,
  templatePlaceholder: (placeholder: string, problem: string) =>
    `Template placeholder {${placeholder}}: ${problem}`,
} as const;
