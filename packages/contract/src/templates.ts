import { z } from 'zod';
import { TABLE_NAME_MAX_LENGTH } from './limits.ts';

/** Field types in contract.md's vocabulary. */
export const TEMPLATE_FIELD_TYPES = [
  'text',
  'checkbox',
  'radio',
  'dropdown',
  'list',
  'signature',
  'button',
] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

/** How each type is named on screen ('defaults to Text' when a field has none). */
export const TEMPLATE_FIELD_TYPE_LABELS: Record<TemplateFieldType, string> = {
  text: 'Text',
  checkbox: 'Checkbox',
  radio: 'Radio',
  dropdown: 'Dropdown',
  list: 'List',
  signature: 'Signature',
  button: 'Button',
};

/** `[left, top, right, bottom]` in points from the top-left corner of the page as displayed. */
export const displayedRectSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/**
 * One choice of a field: for dropdown/list `value` is the export value and `label` the text shown;
 * for checkbox/radio `value` is the on-state and `label` the same made readable.
 */
export const fieldOptionSchema = z.object({ value: z.string(), label: z.string() });

export const widgetInfoSchema = z.object({
  page: z.number().int().min(0),
  rect: displayedRectSchema,
  on_value: z.string().optional(),
});

/** Where a printed caption sits relative to its box (detect-layout.ts). */
export const LABEL_POSITIONS = ['left', 'right', 'above', 'below', 'column', 'row'] as const;
export type LabelPosition = (typeof LABEL_POSITIONS)[number];

/**
 * A caption candidate with where it sits; templates detected before positions were stored hold
 * the bare text, which still reads (position unknown).
 */
export const labelCandidateSchema = z.union([
  z.string(),
  z.object({ text: z.string(), position: z.enum(LABEL_POSITIONS) }),
]);
export type LabelCandidateDto = z.infer<typeof labelCandidateSchema>;

/** A stored caption candidate as text and position (`undefined` for old bare-text entries). */
export function readLabelCandidate(candidate: LabelCandidateDto): {
  text: string;
  position: LabelPosition | undefined;
} {
  return typeof candidate === 'string'
    ? { text: candidate, position: undefined }
    : { text: candidate.text, position: candidate.position };
}

/** How a field's region was recognised: its own words, the heading over it, or the page's structure. */
export const REGION_EVIDENCE = ['own', 'heading', 'structure'] as const;

/**
 * Whose block of the page a field sits in when it is not the record's own: a party (`preparer`,
 * `witness`, `parent`, `employer` …), `other-row` (a later row of a repeated block) or
 * `other-copy` (the `_2` copy of a block on the same page); `label` is what shows it ("Paid
 * Preparer Use Only"). Suggestions never put the record's identity there and Apply All never
 * writes there unless the target is that party's.
 */
export const fieldRegionSchema = z.object({
  owner: z.string(),
  label: z.string(),
  evidence: z.enum(REGION_EVIDENCE),
});
export type FieldRegionDto = z.infer<typeof fieldRegionSchema>;

export const fieldInfoSchema = z.object({
  type: z.enum(TEMPLATE_FIELD_TYPES),
  page: z.number().int().min(0),
  rect: displayedRectSchema,
  widgets: z.array(widgetInfoSchema),
  options: z.array(fieldOptionSchema).optional(),
  multiline: z.boolean().optional(),
  max_length: z.number().int().optional(),
  comb: z.boolean().optional(),
  required: z.boolean().optional(),
  read_only: z.boolean().optional(),
  tooltip: z.string().optional(),
  default_value: z.union([z.string(), z.array(z.string())]).optional(),
  label: z.string().optional(),
  /** Where `label` sits: on the box's line (left, or right of a checkbox) or above it. */
  label_position: z.enum(LABEL_POSITIONS).optional(),
  /** Printed texts that may caption the field, best first, each with where it sits. */
  label_candidates: z.array(labelCandidateSchema).optional(),
  /** The section heading the field sits under ("Paid Preparer Use Only", "B ENDEREÇO RESIDENCIAL"). */
  section: z.string().optional(),
  /** Present only outside the record's own region (see fieldRegionSchema). */
  region: fieldRegionSchema.optional(),
});
export type FieldInfoDto = z.infer<typeof fieldInfoSchema>;

/** Keyed by fully qualified field name, as `pdftk dump_data_fields` prints FieldName. */
export const fieldDataSchema = z.record(z.string(), fieldInfoSchema);
export type FieldDataDto = z.infer<typeof fieldDataSchema>;

export const pageSizeSchema = z.object({ width: z.number(), height: z.number() });

/** Legibility floor when a template sets none: smaller text is hard to read on paper. */
export const DEFAULT_LEGIBILITY_FLOOR = 6;
/** The reference written into a box whose value continues on the addendum page. */
export const DEFAULT_ADDENDUM_REFERENCE = 'see addendum, item {n}';

/**
 * How generation fills one template (issue 13): the legibility floor below which shrunk text is
 * reported, whether read-only fields are filled (and reported) or left (and reported), and
 * whether values too long for their box continue on an addendum page, the box then showing
 * `addendum_reference` with `{n}` replaced by the item number.
 */
export const templateFillSettingsSchema = z.object({
  legibility_floor: z
    .number({ error: 'Please enter a size in points' })
    .min(2, 'Between 2 and 24 pt')
    .max(24, 'Between 2 and 24 pt')
    .default(DEFAULT_LEGIBILITY_FLOOR),
  read_only: z.enum(['fill', 'skip']).default('fill'),
  addendum: z.boolean().default(false),
  addendum_reference: z
    .string()
    .trim()
    .min(1, 'Please enter the reference text')
    .max(60, 'At most 60 characters')
    .default(DEFAULT_ADDENDUM_REFERENCE),
});
export type TemplateFillSettings = z.infer<typeof templateFillSettingsSchema>;
export type TemplateFillSettingsInput = z.input<typeof templateFillSettingsSchema>;

/** Settings as stored (JSON text, null = defaults); unreadable text falls back to the defaults. */
export function readFillSettings(stored: string | null | undefined): TemplateFillSettings {
  let raw: unknown;
  try {
    raw = stored ? JSON.parse(stored) : {};
  } catch {
    raw = {};
  }
  const parsed = templateFillSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : templateFillSettingsSchema.parse({});
}

export { addendumReference } from './addendum.ts';

export const templateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Signed, expiring URL of the PDF relative to the API host. */
  file_path: z.string(),
  file_size: z.number().int(),
  field_data: fieldDataSchema,
  field_count: z.number().int(),
  page_count: z.number().int(),
  pages: z.array(pageSizeSchema),
  fill_settings: templateFillSettingsSchema,
  /**
   * What the upload changed in the PDF, one sentence each (scripts removed, loops in the field
   * tree broken, page widgets linked into the form); absent when nothing was changed.
   */
  detection_notes: z.array(z.string()).optional(),
});
export type Template = z.infer<typeof templateSchema>;

/** A list entry: everything but the field data, which can run to hundreds of fields. */
export const templateSummarySchema = templateSchema.omit({ field_data: true });
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateUpdateResponseSchema = templateSchema.extend({
  /** Mappings removed because their PDF field no longer exists in the replaced file. */
  dropped_mappings: z.array(z.object({ id: z.uuid(), field_name: z.string() })),
});
export type TemplateUpdateResponse = z.infer<typeof templateUpdateResponseSchema>;

export const templateFieldsResponseSchema = z.object({
  field_data: fieldDataSchema,
  page_count: z.number().int(),
  pages: z.array(pageSizeSchema),
});

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  nameTooLong: `Template name must be at most ${TABLE_NAME_MAX_LENGTH} characters`,
  fileRequired: 'A PDF file is required',
  clientMissingInput: 'Please provide both a name and a PDF file',
  notFound: 'Template not found',
} as const;

/** Template names: trimmed, 1–200 characters. */
export const templateNameSchema = z
  .string()
  .trim()
  .min(1, TEMPLATE_MESSAGES.nameRequired)
  .max(TABLE_NAME_MAX_LENGTH, TEMPLATE_MESSAGES.nameTooLong);

export const templateRenameBodySchema = z.object({ name: templateNameSchema });

/** Fields in page order, then top to bottom and left to right: the order people read the form. */
export function sortFieldsByPosition(fieldData: FieldDataDto): Array<[string, FieldInfoDto]> {
  return Object.entries(fieldData).sort(
    ([, a], [, b]) => a.page - b.page || a.rect[1] - b.rect[1] || a.rect[0] - b.rect[0],
  );
}
