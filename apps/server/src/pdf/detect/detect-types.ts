// Shapes of the template field data (`field_data`, contract.md "Template fields"). The contract
// package defines them once for the API and the web client; detection produces exactly those.
import type { FieldDataDto, FieldInfoDto, TemplateFieldType } from '@formbridge/contract/templates';

/** Field types in the contract's vocabulary. */
export type FieldType = TemplateFieldType;

/**
 * One option of a field. The same shape serves every type so clients need one code path:
 * - dropdown/list: `value` = export value written to the PDF, `label` = text shown in the list;
 * - checkbox/radio: `value` = the on value a filler selects — exactly what @cantoo/pdf-lib's
 *   `getOptions()`/`select()` use: the /Opt export value when the field has /Opt, otherwise the
 *   appearance-state name as a byte string (one char per byte, like `PDFName.decodeText()`), so it
 *   round-trips to the PDF name; `label` = the same value made readable (UTF-8 or Windows-1252
 *   names decoded). `Off` is never listed. Order: first appearance in widget order.
 */
export type FieldOption = NonNullable<FieldInfoDto['options']>[number];

/** `[left, top, right, bottom]` in points from the top-left corner of the page as displayed. */
export type DisplayedRect = FieldInfoDto['rect'];

/** One widget (visible box) of a field. `on_value` (checkbox/radio): this widget's option `value`. */
export type WidgetInfo = FieldInfoDto['widgets'][number];

/** Everything detected about one field; optional keys are present only when the PDF says so. */
export type FieldInfo = FieldInfoDto;

/** Fields keyed by fully qualified name (as pdftk's `FieldName`). */
export type FieldData = FieldDataDto;

/** Page size in points as displayed (CropBox, width/height swapped for 90/270 rotation). */
export type PageSize = { width: number; height: number };

/** Result of `detectFields`. */
export type DetectedTemplate = { fields: FieldData; page_count: number; pages: PageSize[] };

/** Why an upload cannot be used as a template. */
export type PdfInputErrorReason = 'not_pdf' | 'damaged' | 'password' | 'xfa_only';
