import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillForm } from '../src/pdf/fill/fill-form.ts';
import type { FillValue } from '../src/pdf/fill/fill-types.ts';
import { qpdfComplaints } from './fidelity-oracles.ts';
import {
  inkByBox,
  renderPages,
  type InkBox,
  type RenderEngine,
  widgetsOnly,
} from './render-oracle.ts';

// Render check of one corpus form: every fillable field gets a value, the form is filled once
// with the values and once with every field cleared, both are rasterised by poppler, MuPDF and
// pdf.js,
// and each changed pixel is attributed to the widget it lies in (or the nearest one).

const TEXTS = ['Zoë Ñandú', 'Иван Петров', 'Γιώργος', '张伟', '김민준', 'Plain ASCII', 'سارة 15'];
export const RENDER_DPI = 50;
export const ENGINES: RenderEngine[] = ['poppler', 'mupdf', 'pdfjs'];

interface FactWidget {
  page: number;
  rect_displayed: [number, number, number, number];
  on_states?: string[];
}

interface FactField {
  name: string;
  type: string;
  max_length?: number | null;
  states?: string[] | null;
  options?: string[] | null;
  widgets: FactWidget[];
}

interface Planned {
  field: string;
  value: FillValue;
  cleared: FillValue;
  /** Widgets that must show ink for this value. */
  boxes: InkBox[];
}

function onStatesOf(field: FactField): string[] {
  return [...new Set(field.widgets.flatMap((widget) => widget.on_states ?? []))];
}

/** A value for every fillable field, and the widgets where it must appear. */
export function plan(fields: FactField[]): Planned[] {
  const planned = new Map<string, Planned>();
  fields.forEach((field, index) => {
    if (field.widgets.length === 0) {
      return;
    }
    let value: FillValue | undefined;
    let cleared: FillValue = null;
    let widgets = field.widgets;
    if (field.type === 'text') {
      value = `${TEXTS[index % TEXTS.length]} ${index + 1}`;
      if (field.max_length) {
        value = Array.from(value).slice(0, field.max_length).join('').trimEnd();
      }
      // A space, not '': the baseline then embeds the same font, and poppler's substitutes for
      // the page's own non-embedded fonts stay the same in both renders.
      cleared = ' ';
    } else if (field.type === 'checkbox' || field.type === 'radio') {
      const states = onStatesOf(field).filter((state) => state !== '');
      const state = states[0];
      if (state === undefined) {
        return;
      }
      value = field.type === 'checkbox' && states.length === 1 ? true : state;
      // null, not false: on a Yes/No pair false ticks "No" (fill-buttons.ts), and a baseline
      // with "No" ticked hid every value that ticks it.
      cleared = null;
      widgets = field.widgets.filter((widget) => (widget.on_states ?? []).includes(state));
    } else if (field.type === 'choice') {
      value = (field.options ?? []).find((option) => option.trim() !== '');
    }
    if (value === undefined || planned.has(field.name)) {
      const existing = planned.get(field.name);
      existing?.boxes.push(...boxesOf(field.name, widgets, existing.boxes.length));
      return;
    }
    planned.set(field.name, {
      field: field.name,
      value,
      cleared,
      boxes: boxesOf(field.name, widgets, 0),
    });
  });
  return [...planned.values()];
}

function boxesOf(name: string, widgets: FactWidget[], start: number): InkBox[] {
  return widgets.map((widget, index) => ({
    key: `${name}#${start + index}`,
    page: widget.page,
    rect: widget.rect_displayed,
  }));
}

/** What the render check found for one value. */
export interface ValueVerdict {
  field: string;
  /** Every widget of the value shows ink, and no ink falls outside them, in every engine. */
  inside: boolean;
  /** The fill report lists a problem for the field. */
  reported: boolean;
  /** Per engine, the widgets without ink or with ink outside their box. */
  failures: string[];
  /** The engines in which every widget of the value shows ink and none falls outside. */
  insideIn: RenderEngine[];
}

export interface FormVerdict {
  file: string;
  values: ValueVerdict[];
  /** What `qpdf --check` said of the filled and the cleared file; empty when both are clean. */
  qpdf: string[];
}

/** Fills, renders and judges one corpus form. */
export async function checkFormRendering(corpusDir: string, file: string): Promise<FormVerdict> {
  const facts = JSON.parse(readFileSync(join(corpusDir, 'fields', `${file}.json`), 'utf8')) as {
    fields: FactField[];
  };
  const bytes = new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
  const planned = plan(facts.fields);
  const filled = await fillForm(
    bytes,
    Object.fromEntries(planned.map((item) => [item.field, item.value])),
  );
  const baseline = await fillForm(
    bytes,
    Object.fromEntries(planned.map((item) => [item.field, item.cleared])),
  );
  const boxes = planned.flatMap((item) => item.boxes);
  const written = new Set(boxes.map((box) => `${box.page}:${box.rect.join(',')}`));
  const neutral = boxesOf(
    '',
    facts.fields.flatMap((field) => field.widgets),
    0,
  ).filter((box) => !written.has(`${box.page}:${box.rect.join(',')}`));
  const verdicts = new Map<string, string[]>();
  const failedIn = new Map<string, Set<RenderEngine>>();
  for (const engine of ENGINES) {
    const [before, after] = await Promise.all([
      renderPages(baseline.bytes, engine, RENDER_DPI),
      renderPages(filled.bytes, engine, RENDER_DPI),
    ]);
    let inks = inkByBox(before, after, boxes, RENDER_DPI);
    if (inks.some((ink) => ink.outside > 0)) {
      // Page text can rasterise differently between the two documents (poppler's substitutes
      // for non-embedded fonts change with the fonts the fill embedded) and even between two
      // renders of one document (see widgetsOnly): stray pixels are counted again on the
      // widgets alone, where only a misplaced value can put them.
      const [bare, widgets] = await Promise.all([
        widgetsOnly(filled.bytes, true).then((only) => renderPages(only, engine, RENDER_DPI)),
        widgetsOnly(filled.bytes, false).then((only) => renderPages(only, engine, RENDER_DPI)),
      ]);
      const outside = new Map(
        inkByBox(bare, widgets, boxes, RENDER_DPI, neutral).map((ink) => [ink.key, ink.outside]),
      );
      inks = inks.map((ink) => ({ ...ink, outside: outside.get(ink.key) ?? 0 }));
    }
    for (const ink of inks) {
      if (ink.inside === 0 || ink.outside > 0) {
        const field = ink.key.replace(/#\d+$/, '');
        const failure = `${engine}: ${ink.key} ${ink.inside === 0 ? 'no ink' : `${ink.outside} px outside`}`;
        verdicts.set(field, [...(verdicts.get(field) ?? []), failure]);
        failedIn.set(field, (failedIn.get(field) ?? new Set()).add(engine));
      }
    }
  }
  const reported = new Set(
    filled.report.fields.filter((entry) => entry.problems.length > 0).map((entry) => entry.field),
  );
  const qpdf = [filled.bytes, baseline.bytes]
    .map((output) => qpdfComplaints(output, bytes))
    .filter((said): said is string => said !== null);
  return {
    file,
    qpdf,
    values: planned.map((item) => {
      const failures = verdicts.get(item.field) ?? [];
      return {
        field: item.field,
        inside: failures.length === 0,
        reported: reported.has(item.field),
        failures,
        insideIn: ENGINES.filter((engine) => !failedIn.get(item.field)?.has(engine)),
      };
    }),
  };
}
