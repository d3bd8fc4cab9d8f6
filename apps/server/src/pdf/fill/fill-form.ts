import type { PDFDocument } from '@cantoo/pdf-lib';
import { fieldOptions } from './fill-appearance.ts';
import { inlineAppearanceStates } from './fill-button-appearance.ts';
import { fillButtonField } from './fill-buttons.ts';
import { drawChoice, drawnChoiceText, fillChoiceField } from './fill-choice.ts';
import { continueOnAddendum, writeAddendum, type AddendumItem } from './fill-addendum.ts';
import { flattenForm } from './fill-flatten.ts';
import { prepareFromPlan } from './fill-form-tree.ts';
import { currentValue, heldOutcome, readOnlyProblems } from './fill-policy.ts';
import { displayText, drawFieldText, fillTextField, textMode } from './fill-text.ts';
import {
  isButton,
  isOutsideVisiblePage,
  legibilityProblems,
  normaliseNoRotate,
  OUTSIDE_PAGE_PROBLEM,
  shownProblems,
} from './fill-visibility.ts';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import {
  DEFAULT_LEGIBILITY_FLOOR,
  type FieldFillReport,
  type FillOptions,
  type FillResult,
  type FillValue,
} from './fill-types.ts';
import { DocumentFonts } from '../fonts/fonts-document.ts';
import { sharedFontSlot } from '../fonts/fonts-shared.ts';
import { prepareForm, type FormField, type PreparedForm } from '../prepare/prepare-document.ts';
import { saveEncrypted } from '../objects/pdf-encrypt.ts';
import { hasRightToLeft } from './fill-bidi.ts';
import { rightToLeftPages, type DrawnValue } from './fill-page-direction.ts';
import { documentFromPlan, planTemplate, touchedObjects, type TemplatePlan } from './fill-plan.ts';
import { changedObjects, writeIncremental, type IncrementalBase } from './fill-incremental.ts';
import { stripXfa } from '../prepare/prepare-load.ts';
import { getBool, getStream, getDict, pdfName } from '../prepare/prepare-objects.ts';

export { PdfFillError } from '../prepare/prepare-load.ts';
export { planTemplate, type TemplatePlan } from './fill-plan.ts';
export type {
  FieldFillReport,
  FillOptions,
  FillReport,
  FillResult,
  FillValue,
} from './fill-types.ts';

function asText(value: FillValue): string {
  if (value === null) {
    return '';
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  return String(value);
}

async function fillOne(
  ctx: FillContext,
  field: FormField,
  value: FillValue,
): Promise<FieldOutcome> {
  switch (field.kind) {
    case 'text':
      return fillTextField(ctx, field, asText(value));
    case 'checkbox':
    case 'radio':
      return fillButtonField(ctx, field, value);
    case 'combo':
    case 'list':
      return fillChoiceField(ctx, field, value);
    case 'button': {
      if (value === null || value === '') {
        return { written: null, font: null, fontSize: null, problems: [] };
      }
      // A button only acts (print, reset, submit): a value mapped onto it is left out, and the
      // rest of the form is still filled.
      const note = `push button skipped: "${asText(value)}" was not written (a button takes no value)`;
      return {
        written: null,
        font: null,
        fontSize: null,
        problems: [],
        notes: [note],
        skipped: true,
      };
    }
    default:
      return {
        written: null,
        font: null,
        fontSize: null,
        problems: [
          `the field has no field type and cannot take a value; "${asText(value)}" was not written`,
        ],
      };
  }
}

/** Notes and the skipped mark, only when there are any (reports stay as they were otherwise). */
function reportExtras(
  outcomes: Array<FieldOutcome & { addendumItem?: number }>,
): Pick<FieldFillReport, 'notes' | 'skipped' | 'addendum_item'> {
  const notes = [...new Set(outcomes.flatMap((outcome) => outcome.notes ?? []))];
  const item = outcomes.find((outcome) => outcome.addendumItem !== undefined)?.addendumItem;
  return {
    ...(notes.length > 0 ? { notes } : {}),
    ...(outcomes.length > 0 && outcomes.every((outcome) => outcome.skipped)
      ? { skipped: true }
      : {}),
    ...(item !== undefined ? { addendum_item: item } : {}),
  };
}

/** The text values drawn by this fill and the pages they are drawn on. */
function drawnValues(
  ctx: Pick<FillContext, 'context'>,
  form: PreparedForm,
  values: Record<string, FillValue>,
): DrawnValue[] {
  return Object.entries(values).flatMap(([name, value]) =>
    (findFields(form, name) ?? [])
      .filter((field) => ['text', 'combo', 'list'].includes(field.kind))
      .map((field) => ({
        text:
          field.kind === 'text'
            ? asText(value)
            : drawnChoiceText(ctx.context, field, asText(value)),
        pages: field.widgets.flatMap((widget) => widget.pages),
      })),
  );
}

/** Fields for a requested name: exact, else a unique case-insensitive match. */
function findFields(form: PreparedForm, name: string): FormField[] | undefined {
  const exact = form.byName.get(name);
  if (exact) {
    return exact;
  }
  const wanted = name.normalize('NFC').trim().toLowerCase();
  const candidates = [...form.byName.entries()].filter(
    ([candidate]) => candidate.normalize('NFC').trim().toLowerCase() === wanted,
  );
  return candidates.length === 1 ? candidates[0]?.[1] : undefined;
}

function lacksAppearance(ctx: FillContext, field: FormField): boolean {
  return field.widgets.some((widget) => {
    const ap = getDict(ctx.context, widget.dict, 'AP');
    return !ap || !getStream(ctx.context, ap, 'N');
  });
}

/**
 * Draws appearances for fields we were not asked to fill but whose value would otherwise be
 * invisible once NeedAppearances is gone (documents that relied on it, or widgets without one).
 */
async function refreshUntouched(
  ctx: FillContext,
  form: PreparedForm,
  touched: Set<FormField>,
  reliedOnViewer: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  for (const field of form.fields) {
    if (touched.has(field) || !['text', 'combo', 'list'].includes(field.kind)) {
      continue;
    }
    const value = currentValue(ctx, field);
    if (value === undefined || value === '' || (!reliedOnViewer && !lacksAppearance(ctx, field))) {
      continue;
    }
    normaliseNoRotate(ctx.context, field);
    let outcome: Pick<FieldOutcome, 'problems'>;
    if (field.kind === 'text') {
      outcome = await drawFieldText(
        ctx,
        field,
        displayText(field, value),
        textMode(ctx.context, field),
      );
    } else {
      const options = fieldOptions(ctx.context, field.dict);
      const index = options.findIndex(([exported]) => exported === value);
      const shown = index >= 0 ? (options[index]?.[1] ?? value) : value;
      outcome = await drawChoice(ctx, field, shown, index >= 0 ? [index] : []);
    }
    problems.push(
      ...outcome.problems.map((problem) => `existing value of "${field.name}": ${problem}`),
    );
  }
  return problems;
}

/** The template's bytes plus an update with what this fill changed (fonts embedded first). */
async function saveIncremental(
  doc: PDFDocument,
  plan: TemplatePlan,
  base: IncrementalBase,
): Promise<Uint8Array> {
  await doc.flush();
  const candidates = touchedObjects(doc.context) ?? doc.context.enumerateIndirectObjects();
  const changed = changedObjects(candidates, plan.pristine.context);
  return changed.length === 0 ? base.bytes.slice() : writeIncremental(base, changed);
}

/**
 * Fills a PDF form: the template's bytes, or its plan (`planTemplate`, parsed once and reused
 * for every record). `values` are keyed by fully qualified field name (pdftk FieldName);
 * null or '' clears a field, fields not named keep their values. Every value gets an
 * appearance stream in an embedded subset font that covers its script, so it shows in every
 * viewer without NeedAppearances; `flatten` turns the result into plain page content.
 * Throws PdfFillError when the PDF cannot be read or needs a password.
 */
export async function fillForm(
  template: Uint8Array | TemplatePlan,
  values: Record<string, FillValue>,
  options: FillOptions = {},
): Promise<FillResult> {
  const plan = template instanceof Uint8Array ? await planTemplate(template) : template;
  // Flattening removes the form and rewrites page content: always a full rewrite.
  const base = options.flatten || options.writer === 'full' ? null : plan.base;
  // A plan made here is used once: its pristine document can be filled in place, unless it is
  // needed to tell what the fill changed.
  const doc =
    template instanceof Uint8Array && !base ? plan.pristine : documentFromPlan(plan, base !== null);
  const fontBase = base ? plan.fontBase : null;
  if (base) {
    // New objects must not reuse numbers the template's chain (or the font's) lists.
    const size = Math.max(base.xref.size, fontBase?.base.xref.size ?? 0);
    doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, size - 1);
  }
  const shared = await sharedFontSlot(doc.context, fontBase?.fontRef ?? null);
  const notes = [...plan.notes];
  const { permissions } = plan;
  // A plan's field tree is walked by its first incremental fill only (fill-form-tree.ts).
  const form = base && template === plan ? prepareFromPlan(doc, plan) : prepareForm(doc);
  notes.push(...form.notes);
  if (form.fields.length > 0) {
    stripXfa(doc, notes);
  }
  const ctx: FillContext = {
    doc,
    context: doc.context,
    acroForm: form.acroForm,
    fonts: new DocumentFonts(doc, shared),
    template: plan.bytes,
    // Only a fill that draws right-to-left text (a value, or a list box's rows) reads the
    // template's page text (once per template).
    rtlPages:
      Object.values(values).some((value) => hasRightToLeft(asText(value))) ||
      form.fields.some((field) => field.kind === 'list')
        ? await rightToLeftPages(doc, plan.bytes, drawnValues(doc, form, values))
        : undefined,
  };
  const reports: FieldFillReport[] = [];
  const touched = new Set<FormField>();
  const floor = options.legibilityFloor ?? DEFAULT_LEGIBILITY_FLOOR;
  const book: AddendumItem[] = [];
  for (const [name, value] of Object.entries(values)) {
    const fields = findFields(form, name);
    if (!fields) {
      reports.push({
        field: name,
        value_written: null,
        font: null,
        font_size: null,
        problems: [`field not found in the PDF; "${asText(value)}" was not written`],
      });
      continue;
    }
    const outcomes: Array<FieldOutcome & { addendumItem?: number }> = [];
    for (const field of fields) {
      const held = heldOutcome(ctx, field, value, options);
      if (held) {
        outcomes.push(held);
        continue;
      }
      touched.add(field);
      normaliseNoRotate(ctx.context, field);
      let outcome = await fillOne(ctx, field, value);
      if (options.addendum) {
        const request = { name, value: asText(value), floor };
        outcome = await continueOnAddendum(ctx, field, request, outcome, options.addendum, book);
      }
      outcomes.push({
        ...outcome,
        problems: [
          ...outcome.problems,
          ...readOnlyProblems(field, outcome),
          ...legibilityProblems(outcome, floor),
          ...shownProblems(ctx, field, outcome),
        ],
      });
    }
    const first = outcomes[0];
    const problems = [...new Set(outcomes.flatMap((outcome) => outcome.problems))];
    const held = outcomes.every((outcome) => outcome.skipped);
    const onNoPage = fields.every((field) =>
      field.widgets.every((widget) => widget.pages.length === 0),
    );
    if (held) {
      // Left as it was: where it sits on the page is not news.
    } else if (onNoPage && first?.written !== null && first?.written !== undefined) {
      problems.push('the field has no widget on any page, so the value is stored but not visible');
    } else if (
      first?.written !== null &&
      first?.written !== undefined &&
      first.written !== '' &&
      fields.every((field) => isOutsideVisiblePage(ctx.context, field))
    ) {
      problems.push(OUTSIDE_PAGE_PROBLEM);
    }
    reports.push({
      field: name,
      value_written: first?.written ?? null,
      font: first?.font ?? null,
      font_size: first?.fontSize ?? null,
      problems,
      ...reportExtras(outcomes),
    });
  }
  const reliedOnViewer = form.acroForm
    ? getBool(doc.context, form.acroForm, 'NeedAppearances') === true
    : false;
  const problems = await refreshUntouched(ctx, form, touched, reliedOnViewer);
  for (const field of form.fields) {
    if (isButton(field) && !touched.has(field)) {
      field.widgets.forEach((widget) => inlineAppearanceStates(doc.context, widget.dict));
    }
  }
  if (form.fields.length === 0 && Object.keys(values).length > 0) {
    const xfaOnly = form.acroForm?.has(pdfName('XFA')) === true;
    problems.push(
      xfaOnly
        ? 'the PDF is a dynamic XFA form without AcroForm fields; no value could be written'
        : 'the PDF has no form fields; no value could be written',
    );
  }
  await writeAddendum(ctx, book, options.addendum?.title ?? 'Addendum');
  // Every value now has an appearance; viewers must not regenerate them (poppler would drop
  // non-Latin text, pdftk mangles accents).
  form.acroForm?.delete(pdfName('NeedAppearances'));
  if (options.flatten) {
    flattenForm(doc.context, doc.catalog, form);
  }
  const output = base
    ? await saveIncremental(doc, plan, shared.used && fontBase ? fontBase.base : base)
    : permissions === null
      ? await doc.save({
          updateFieldAppearances: false,
          addDefaultPage: false,
          objectsPerTick: Number.POSITIVE_INFINITY,
        })
      : await saveEncrypted(doc, permissions);
  return { bytes: output, report: { fields: reports, problems, notes } };
}
