// The fillable-PDF corpus (shared/corpus, or FORMBRIDGE_CORPUS) and the small copy in
// test/fixtures/pdf, plus the comparison of detectFields() against their third-party facts.
// Used by src/pdf/detect/detect-fields.corpus.test.ts and test/detection-report.ts.
//
// Per file: same field names, contract types, page of every widget and rects within 0.5 pt of
// `rect_displayed`, on values among the widget's states, page count and displayed page sizes.
// Deliberate differences from the facts:
// - pdftk container nodes (`pdftk_non_terminal_nodes`) and fields with no widget on any page
//   (qpdf_form-errors.pdf's looped "r1.Text Box 1") are not expected: nothing to show or fill.
// - same-named field objects (qpdf_form-fields-and-annotations-shared.pdf) are one field.
// - `no-fields` files with stray page widgets (pypdf_SF424_page2_orphan_widgets.pdf) are expected
//   to yield those widgets as fields (`widgets_without_acroform`); `xfa-only` → PdfInputError
//   xfa_only; `malformed` → any PdfInputError.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectFields } from '../src/pdf/detect/detect-fields.ts';
import { PdfInputError } from '../src/pdf/detect/detect-errors.ts';
import type { DetectedTemplate, DisplayedRect } from '../src/pdf/detect/detect-types.ts';

/** Tolerance for rectangles, in points (contract: within 0.5 pt of `rect_displayed`). */
export const RECT_TOLERANCE = 0.5;

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURE_DIR = join(REPO_ROOT, 'apps/server/test/fixtures/pdf');

export type CorpusEntry = {
  file: string;
  expected: 'fillable' | 'no-fields' | 'malformed';
  source_repo: string;
  source_path: string;
  commit: string;
  license_note: string;
  features: string[];
  fields_json: string;
};

export type CorpusSet = { name: string; dir: string; entries: CorpusEntry[] };

type FactsWidget = { page: number; rect_displayed: DisplayedRect; on_states?: string[] };
type FactsField = {
  name: string;
  contract_type: string;
  widgets: FactsWidget[];
  states?: string[];
};
type StrayWidget = {
  page: number | null;
  rect: DisplayedRect;
  T: string | null;
  parent_T: string | null;
};
type Facts = {
  fields: FactsField[];
  pdftk_non_terminal_nodes?: string[] | null;
  page_count?: number;
  pages?: { cropbox: DisplayedRect; rotate: number; displayed_size: [number, number] }[];
  widgets_without_acroform?: { widgets: StrayWidget[] } | null;
};

/** Where the shared corpus lives: $FORMBRIDGE_CORPUS (relative to the repo root) or ../shared/corpus. */
export function corpusDir(): string {
  const configured = process.env.FORMBRIDGE_CORPUS;
  const dir = configured && configured !== '' ? configured : '../shared/corpus';
  return isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
}

/** Load a corpus-shaped directory (manifest.json, pdf/, fields/); null when it is absent. */
export function loadCorpusSet(name: string, dir: string): CorpusSet | null {
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) {
    return null;
  }
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as CorpusEntry[];
  return { name, dir, entries };
}

/** The shared corpus (null + a console warning when absent) and the committed fixtures. */
export function availableCorpusSets(): { sets: CorpusSet[]; missing: string | null } {
  const sets: CorpusSet[] = [];
  const shared = loadCorpusSet('corpus', corpusDir());
  let missing: string | null = null;
  if (shared) {
    sets.push(shared);
  } else {
    missing = `PDF corpus not found at ${corpusDir()} (set FORMBRIDGE_CORPUS); only test/fixtures/pdf is checked`;
  }
  const fixtures = loadCorpusSet('fixtures', FIXTURE_DIR);
  if (fixtures) {
    sets.push(fixtures);
  }
  return { sets, missing };
}

type ExpectedField = {
  type: string | null;
  widgets: { page: number; rect: DisplayedRect; on?: string[] }[];
  /** pdftk's FieldStateOption values: state names, or the /Opt export values when present. */
  states: Set<string>;
};
type Expectation =
  | { kind: 'fields'; fields: Map<string, ExpectedField>; note?: string }
  | { kind: 'error'; reason: PdfInputError['reason'] | 'any' };

/** Stray widgets (no /AcroForm) as fields: full name from /T and the parent's /T. */
function strayExpectation(facts: Facts): Map<string, ExpectedField> {
  const fields = new Map<string, ExpectedField>();
  for (const w of facts.widgets_without_acroform?.widgets ?? []) {
    const page = w.page === null ? undefined : facts.pages?.[w.page];
    if (w.page === null || page === undefined) {
      continue;
    }
    if (page.rotate !== 0) {
      throw new Error('stray-widget facts on rotated pages are not supported by this helper');
    }
    // qpdf gives the raw /Rect here; on an unrotated page displayed = flip y inside the CropBox.
    const [cx1, , , cy2] = page.cropbox;
    const [x1, y1, x2, y2] = w.rect;
    const rect: DisplayedRect = [x1 - cx1, cy2 - y2, x2 - cx1, cy2 - y1];
    const name = [w.parent_T, w.T].filter((p) => p !== null && p !== '').join('.');
    const field = fields.get(name) ?? { type: null, widgets: [], states: new Set<string>() };
    field.widgets.push({ page: w.page, rect });
    fields.set(name, field);
  }
  return fields;
}

/** What detectFields should produce for one corpus entry, from its facts. */
export function expectationFor(entry: CorpusEntry, facts: Facts): Expectation {
  if (entry.expected === 'malformed') {
    return { kind: 'error', reason: 'any' };
  }
  if (entry.features.includes('xfa-only')) {
    return { kind: 'error', reason: 'xfa_only' };
  }
  if (entry.expected === 'no-fields') {
    // Decision: stray widgets on pages without /AcroForm are detected (users can fill what they see).
    const fields = strayExpectation(facts);
    return {
      kind: 'fields',
      fields,
      note: fields.size > 0 ? 'page widgets without /AcroForm' : 'no form',
    };
  }
  const containers = new Set(facts.pdftk_non_terminal_nodes ?? []);
  const fields = new Map<string, ExpectedField>();
  for (const f of facts.fields) {
    // Not detectable by design: container nodes and fields with no widget on any page.
    if (containers.has(f.name) || f.widgets.length === 0) {
      continue;
    }
    // Same full name on two field objects (qpdf_form-fields-and-annotations-shared.pdf) = one field.
    const field = fields.get(f.name) ?? {
      type: f.contract_type,
      widgets: [],
      states: new Set<string>(),
    };
    (f.states ?? []).forEach((state) => field.states.add(state));
    field.widgets.push(
      ...f.widgets.map((w) => ({ page: w.page, rect: w.rect_displayed, on: w.on_states })),
    );
    fields.set(f.name, field);
  }
  return { kind: 'fields', fields };
}

export type EntryResult = {
  set: string;
  file: string;
  expected: string;
  fieldsExpected: number;
  fieldsFound: number;
  widgetsExpected: number;
  widgetsMatched: number;
  maxRectError: number;
  outcome: string;
  ms: number;
  problems: string[];
};

const lossyUtf8 = new TextDecoder('utf-8');

/**
 * on_value is the /Opt export value when the field has /Opt (pdftk lists those as states), else
 * the state name as a byte string; qpdf's facts decode names as UTF-8 (U+FFFD for bad bytes).
 */
function onValueMatches(
  value: string | undefined,
  widgetStates: string[],
  fieldStates: Set<string>,
): boolean {
  if (value === undefined) {
    return false;
  }
  const candidates = [value];
  if (Array.from(value).every((c) => c.charCodeAt(0) <= 0xff)) {
    candidates.push(lossyUtf8.decode(Uint8Array.from(value, (c) => c.charCodeAt(0))));
  }
  return candidates.some((c) => widgetStates.includes(c) || fieldStates.has(c));
}

function rectError(a: DisplayedRect, b: DisplayedRect): number {
  return Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? Infinity))));
}

function compareFields(
  expected: Map<string, ExpectedField>,
  got: DetectedTemplate,
  result: EntryResult,
): void {
  result.fieldsExpected = expected.size;
  result.fieldsFound = Object.keys(got.fields).length;
  for (const name of Object.keys(got.fields)) {
    if (!expected.has(name)) {
      result.problems.push(`unexpected field ${JSON.stringify(name)}`);
    }
  }
  for (const [name, exp] of expected) {
    result.widgetsExpected += exp.widgets.length;
    const field = got.fields[name];
    if (field === undefined) {
      result.problems.push(`missing field ${JSON.stringify(name)}`);
      continue;
    }
    if (exp.type !== null && field.type !== exp.type) {
      result.problems.push(`${name}: type ${field.type}, expected ${exp.type}`);
    }
    const pool = [...field.widgets];
    for (const w of exp.widgets) {
      // Pair each expected widget with the closest detected widget on the same page.
      let bestIndex = -1;
      let bestError = Infinity;
      pool.forEach((d, i) => {
        const error = d.page === w.page ? rectError(d.rect, w.rect) : Infinity;
        if (error < bestError) {
          [bestIndex, bestError] = [i, error];
        }
      });
      const match = pool[bestIndex];
      if (match === undefined || bestError > RECT_TOLERANCE) {
        const detail = Number.isFinite(bestError)
          ? `off by ${bestError.toFixed(3)} pt`
          : 'no widget on that page';
        result.problems.push(
          `${name}: widget on page ${w.page} ${JSON.stringify(w.rect)} ${detail}`,
        );
        continue;
      }
      pool.splice(bestIndex, 1);
      result.widgetsMatched += 1;
      result.maxRectError = Math.max(result.maxRectError, bestError);
      if (w.on && w.on.length > 0 && !onValueMatches(match.on_value, w.on, exp.states)) {
        result.problems.push(
          `${name}: on_value ${JSON.stringify(match.on_value)} not in ${JSON.stringify(w.on)}`,
        );
      }
    }
    if (pool.length > 0) {
      result.problems.push(`${name}: ${pool.length} widget(s) more than expected`);
    }
  }
}

function comparePages(facts: Facts, got: DetectedTemplate, result: EntryResult): void {
  if (facts.page_count !== undefined && facts.page_count !== got.page_count) {
    result.problems.push(`page_count ${got.page_count}, expected ${facts.page_count}`);
  }
  (facts.pages ?? []).forEach((p, i) => {
    const size = got.pages[i];
    const [w, h] = p.displayed_size;
    if (
      !size ||
      Math.abs(size.width - w) > RECT_TOLERANCE ||
      Math.abs(size.height - h) > RECT_TOLERANCE
    ) {
      result.problems.push(`page ${i}: size ${JSON.stringify(size)}, expected ${w}x${h}`);
    }
  });
}

/** Run detectFields on one entry and compare with its facts; never throws. */
export async function runEntry(set: CorpusSet, entry: CorpusEntry): Promise<EntryResult> {
  const facts = JSON.parse(readFileSync(join(set.dir, entry.fields_json), 'utf8')) as Facts;
  const expectation = expectationFor(entry, facts);
  const result: EntryResult = {
    set: set.name,
    file: entry.file,
    expected: entry.expected,
    fieldsExpected: 0,
    fieldsFound: 0,
    widgetsExpected: 0,
    widgetsMatched: 0,
    maxRectError: 0,
    outcome: '',
    ms: 0,
    problems: [],
  };
  const bytes = new Uint8Array(readFileSync(join(set.dir, 'pdf', entry.file)));
  const started = performance.now();
  let got: DetectedTemplate | null = null;
  let error: unknown = null;
  try {
    got = await detectFields(bytes);
  } catch (e) {
    error = e;
  }
  result.ms = Math.round(performance.now() - started);
  if (error !== null) {
    const reason = error instanceof PdfInputError ? error.reason : null;
    result.outcome = reason
      ? `PdfInputError ${reason}`
      : `crash: ${error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error)}`;
    if (
      expectation.kind !== 'error' ||
      reason === null ||
      (expectation.reason !== 'any' && expectation.reason !== reason)
    ) {
      result.problems.push(`unexpected ${result.outcome}`);
    }
  } else if (got !== null) {
    result.outcome = `${Object.keys(got.fields).length} fields`;
    if (expectation.kind === 'error') {
      result.problems.push(`expected PdfInputError ${expectation.reason}, got ${result.outcome}`);
    } else {
      compareFields(expectation.fields, got, result);
      comparePages(facts, got, result);
      if (expectation.note) {
        result.outcome += ` (${expectation.note})`;
      }
    }
  }
  return result;
}
