import { z } from 'zod';
import { displayedRectSchema, fieldOptionSchema } from './templates.ts';

// Fields found on the page content of any PDF and the fields a user writes into it (issue 29):
// POST /api/v1/pdf-templates/{id}/field-candidates and PUT /api/v1/pdf-templates/{id}/fields.

/** What a field written by the field editor can be. */
export const EDITOR_FIELD_TYPES = [
  'text',
  'multiline',
  'date',
  'signature',
  'comb',
  'checkbox',
  'radio',
  'dropdown',
  'list',
] as const;
export type EditorFieldType = (typeof EDITOR_FIELD_TYPES)[number];

export const EDITOR_FIELD_TYPE_LABELS: Record<EditorFieldType, string> = {
  text: 'Text',
  multiline: 'Text, several lines',
  date: 'Date',
  signature: 'Signature',
  comb: 'Comb (one box per character)',
  checkbox: 'Checkbox',
  radio: 'Radio button',
  dropdown: 'Dropdown',
  list: 'List',
};

/** Candidates at least this confident are taken by "Accept all above the threshold". */
export const DEFAULT_ACCEPT_THRESHOLD = 0.5;
export const MAX_EDITOR_FIELDS = 2000;
export const MAX_FIELD_NAME_LENGTH = 200;
export const MAX_COMB_CELLS = 200;

/** A proposed field; `page` is 1-based, `rect` is [left, top, right, bottom] in displayed points. */
export const fieldCandidateSchema = z.object({
  page: z.number().int().min(1),
  rect: displayedRectSchema,
  type: z.enum(EDITOR_FIELD_TYPES),
  name: z.string(),
  label: z.string(),
  confidence: z.number().min(0).max(1),
  max_len: z.number().int().min(1).optional(),
});
export type FieldCandidateDto = z.infer<typeof fieldCandidateSchema>;

export const fieldCandidatesResponseSchema = z.object({
  candidates: z.array(fieldCandidateSchema),
  /** 1-based pages that are only an image (a scan): their fields must be drawn by hand. */
  pages_without_content: z.array(z.number().int().min(1)),
});
export type FieldCandidatesResponse = z.infer<typeof fieldCandidatesResponseSchema>;

/** One field to write: a candidate's shape (confidence optional) plus options for choices. */
export const editorFieldSchema = z.object({
  page: z.number().int().min(1),
  rect: displayedRectSchema,
  type: z.enum(EDITOR_FIELD_TYPES),
  name: z.string().max(MAX_FIELD_NAME_LENGTH, `At most ${MAX_FIELD_NAME_LENGTH} characters`),
  label: z.string().max(500).optional(),
  confidence: z.number().min(0).max(1).optional(),
  max_len: z.number().int().min(1).max(MAX_COMB_CELLS).optional(),
  /** Dropdown/list entries; for a radio button, its own export value (first entry). */
  options: z.array(fieldOptionSchema).max(500).optional(),
});
export type EditorField = z.infer<typeof editorFieldSchema>;

export const writeFieldsBodySchema = z.object({
  fields: z.array(editorFieldSchema).max(MAX_EDITOR_FIELDS),
});
export type WriteFieldsBody = z.infer<typeof writeFieldsBodySchema>;

export type FieldLayoutIssue = { loc: (string | number)[]; msg: string };

const SAME_BOX_IOU = 0.8;
const EDGE_TOLERANCE = 0.5; // pt

function iou(a: readonly number[], b: readonly number[]): number {
  const w = Math.max(0, Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!));
  const h = Math.max(0, Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!));
  const inter = w * h;
  const area = (r: readonly number[]) => (r[2]! - r[0]!) * (r[3]! - r[1]!);
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * What stops a field list from being written, each issue at its field: empty or duplicate names
 * (radio buttons sharing a name form one group), pages the PDF does not have, boxes outside
 * their page or of no size, two fields on the same box, choices without options, combs without
 * a cell count.
 */
export function checkFieldLayout(
  fields: readonly EditorField[],
  pages: readonly { width: number; height: number }[],
): FieldLayoutIssue[] {
  const issues: FieldLayoutIssue[] = [];
  const at = (index: number, key: string) => ['body', 'fields', index, key];
  const byName = new Map<string, number>();
  fields.forEach((field, index) => {
    const name = field.name.trim();
    const label = name === '' ? `Field ${index + 1}` : `Field "${name}"`;
    if (name === '') {
      issues.push({ loc: at(index, 'name'), msg: `Field ${index + 1} has no name` });
    } else {
      const first = byName.get(name);
      const isRadioGroup =
        first !== undefined && field.type === 'radio' && fields[first]?.type === 'radio';
      if (first !== undefined && !isRadioGroup) {
        issues.push({
          loc: at(index, 'name'),
          msg: `Two fields are named "${name}": names must be unique`,
        });
      } else if (first === undefined) {
        byName.set(name, index);
      }
    }
    const parent = fields.find(
      (other) => other.name.trim() !== '' && name.startsWith(`${other.name.trim()}.`),
    );
    if (parent !== undefined) {
      issues.push({
        loc: at(index, 'name'),
        msg: `${label} cannot sit under "${parent.name.trim()}": a field name cannot be the first part of another`,
      });
    }
    const size = pages[field.page - 1];
    const [x0, y0, x1, y1] = field.rect;
    if (size === undefined) {
      issues.push({
        loc: at(index, 'page'),
        msg: `${label} is on page ${field.page}; the PDF has ${pages.length}`,
      });
    } else if (x1 - x0 < 1 || y1 - y0 < 1) {
      issues.push({ loc: at(index, 'rect'), msg: `${label} has no size` });
    } else if (
      x0 < -EDGE_TOLERANCE ||
      y0 < -EDGE_TOLERANCE ||
      x1 > size.width + EDGE_TOLERANCE ||
      y1 > size.height + EDGE_TOLERANCE
    ) {
      issues.push({
        loc: at(index, 'rect'),
        msg: `${label} lies outside page ${field.page} (${Math.round(size.width)} × ${Math.round(size.height)} pt)`,
      });
    }
    if (
      (field.type === 'dropdown' || field.type === 'list') &&
      (field.options?.length ?? 0) === 0
    ) {
      issues.push({ loc: at(index, 'options'), msg: `${label} needs at least one option` });
    }
    if (field.type === 'comb' && field.max_len === undefined) {
      issues.push({ loc: at(index, 'max_len'), msg: `${label} needs its number of boxes` });
    }
    const twin = fields.findIndex(
      (other, k) =>
        k < index && other.page === field.page && iou(other.rect, field.rect) >= SAME_BOX_IOU,
    );
    if (twin !== -1) {
      const other = fields[twin]!.name.trim() || `field ${twin + 1}`;
      issues.push({ loc: at(index, 'rect'), msg: `${label} covers the same box as "${other}"` });
    }
  });
  return issues;
}
