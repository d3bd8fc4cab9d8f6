import { z } from 'zod';
import {
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  MAX_TABLE_FIELDS,
  TABLE_NAME_MAX_LENGTH,
} from './limits.ts';
import { combinationRuleSchema, tableResponseSchema } from './tables.ts';
import { transformSchema } from './transforms.ts';

// "Create a table from this form" (issue 34): a table schema proposed from a template's fields,
// one column per logical value, with the mapping of every PDF field to its column. The user may
// edit the proposal before sending it back to create the table and all its mappings at once.

/** Column types a proposal uses: a form has no files to upload and no links to other tables. */
export const PROPOSAL_FIELD_TYPES = ['string', 'number', 'date', 'boolean', 'email'] as const;

export const proposedFieldSchema = z.object({
  name: z.string().trim().min(1).max(FIELD_NAME_MAX_LENGTH),
  label: z.string().trim().max(FIELD_LABEL_MAX_LENGTH),
  type: z.enum(PROPOSAL_FIELD_TYPES),
  required: z.boolean().default(false),
  /** The choices of a radio group or dropdown, as the form prints them. */
  options: z.array(z.string()).max(200).optional(),
});
export type ProposedField = z.output<typeof proposedFieldSchema>;

export const proposedMappingSchema = z.object({
  /** The PDF field, by its fully qualified name. */
  field_name: z.string().min(1).max(1000),
  /** The column of the proposed table that fills it. */
  mapped_field_key: z.string().min(1).max(FIELD_NAME_MAX_LENGTH),
  /** One part of the value for split boxes, the option codes of a radio group, a date pattern. */
  transform: transformSchema.nullable().optional(),
});
export type ProposedMapping = z.output<typeof proposedMappingSchema>;

export const unmappedFieldSchema = z.object({
  field_name: z.string(),
  /** Why no column fills it ("A signature is signed by hand"). */
  reason: z.string(),
});

const proposedTableSchema = z.object({
  name: z.string().trim().min(1).max(TABLE_NAME_MAX_LENGTH),
  fields: z.array(proposedFieldSchema).max(MAX_TABLE_FIELDS),
  combination_rules: z.array(combinationRuleSchema).default([]),
});

/**
 * POST /api/v1/pdf-templates/{id}/table-proposal → 200. No fields when every field of the form
 * is mapped already (each is then listed in `unmapped`).
 */
export const tableProposalSchema = z.object({
  table: proposedTableSchema,
  mappings: z.array(proposedMappingSchema).max(5000),
  unmapped: z.array(unmappedFieldSchema).default([]),
});
export type TableProposal = z.output<typeof tableProposalSchema>;
export type TableProposalInput = z.input<typeof tableProposalSchema>;

/**
 * POST /api/v1/pdf-templates/{id}/create-table: the proposal, edited or not. Mappings to a column
 * the user removed are left out; a mapping of a field the template does not have is refused.
 */
export const createTableFromTemplateBodySchema = tableProposalSchema.extend({
  table: proposedTableSchema.extend({
    fields: z
      .array(proposedFieldSchema)
      .min(1, 'A table needs at least one field')
      .max(MAX_TABLE_FIELDS),
  }),
});

/** POST /api/v1/pdf-templates/{id}/create-table → 201. */
export const createTableFromTemplateResponseSchema = z.object({
  table: tableResponseSchema,
  mappings_created: z.number().int().nonnegative(),
});
export type CreateTableFromTemplateResponse = z.infer<typeof createTableFromTemplateResponseSchema>;

/**
 * A column name from a caption, in the caption's own script: lower case, every run of other
 * characters one '_' ("Date of birth" → date_of_birth, "Nom de famille" → nom_de_famille,
 * "Дата народження" → дата_народження). Empty when the caption has no letter or digit.
 */
export function columnNameOf(caption: string): string {
  return caption
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
}

/**
 * POST /api/v1/pdf-templates/{id}/add-columns ("Add missing columns"): the columns to add to an
 * existing table (a proposal made with `?table_id=`, edited or not) and the mappings of the form's
 * fields to them or to columns the table already has.
 */
export const addColumnsBodySchema = z.object({
  table_id: z.string().min(1).max(64),
  fields: z.array(proposedFieldSchema).max(MAX_TABLE_FIELDS),
  mappings: z.array(proposedMappingSchema).max(5000),
});
export type AddColumnsBody = z.output<typeof addColumnsBodySchema>;

/** POST /api/v1/pdf-templates/{id}/add-columns → 200. */
export const addColumnsResponseSchema = z.object({
  table: tableResponseSchema,
  columns_added: z.number().int().nonnegative(),
  mappings_created: z.number().int().nonnegative(),
});
export type AddColumnsResponse = z.infer<typeof addColumnsResponseSchema>;
