import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleFillable } from '../../../test/corpus-sample.ts';
import {
  hasTool,
  pdftkFields,
  popplerText,
  squash,
  withoutNeedAppearances,
} from '../../../test/pdf-oracles.ts';
import { fillForm, planTemplate } from './fill-form.ts';
import { OUTSIDE_PAGE_PROBLEM } from './fill-visibility.ts';
import type { FillValue } from './fill-types.ts';

// Fidelity against the shared corpus: each fillable file is filled with a value for every
// fillable field (several scripts), then read back with tools that share no code with us. A
// default run checks a seeded sample of the files (test/corpus-sample.ts); `npm run
// test:corpus` checks them all.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(repoRoot, '../shared/corpus');
const haveCorpus = existsSync(join(corpusDir, 'manifest.json'));
const tools = { pdftk: hasTool('pdftk'), pdftotext: hasTool('pdftotext') };

const TEXTS = ['Zoë Ñandú', 'Иван Петров', 'Γιώργος', '张伟', '김민준', 'Plain ASCII'];

interface FactWidget {
  on_states?: string[];
  annotation_flags?: number;
  rect?: number[];
}

interface FactField {
  name: string;
  type: string;
  flag_names?: string[];
  value?: string | null;
  max_length?: number | null;
  states?: string[] | null;
  options?: string[] | null;
  options_display?: string[] | null;
  widgets: FactWidget[];
  only_in?: string;
}

interface ManifestEntry {
  file: string;
  expected: string;
  features: string[];
}

interface Expectation {
  field: string;
  value: FillValue;
  /** What pdftk must read back (any of these). */
  readBack: string[];
  /** Text that must be visible on the page, if the field is drawn with text. */
  visible?: string;
}

function visibleWidget(widget: FactWidget): boolean {
  const flags = widget.annotation_flags ?? 0;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = widget.rect ?? [];
  return (flags & (2 | 32)) === 0 && Math.abs(x2 - x1) >= 1 && Math.abs(y2 - y1) >= 1;
}

function pickOther(candidates: string[], current: string | null | undefined): string | undefined {
  const usable = candidates.filter((candidate) => candidate.trim() !== '' && candidate !== 'Off');
  return usable.find((candidate) => candidate !== current) ?? usable[0];
}

/**
 * The facts tool read pdftk's UTF-8 output of some non-ASCII names as Latin-1 (pdftk itself
 * prints them double-encoded too); undoing that gives the name as qpdf and we decode it.
 */
function undoDoubleDecoding(text: string): string {
  if ([...text].some((char) => char.charCodeAt(0) > 0xff)) {
    return text;
  }
  const decoded = Buffer.from(text, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? text : decoded;
}

/** A value for every fillable field of a corpus file, with what the oracles should see. */
function expectations(fields: FactField[]): Expectation[] {
  const result: Expectation[] = [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (field.widgets.length === 0 || seen.has(field.name)) {
      // No widget: a pdftk-only phantom (a name built through a broken /Kids link).
      // Same name again: one value fills every field of that name; checked once.
      return;
    }
    seen.add(field.name);
    const shown = field.widgets.some(visibleWidget);
    const states = field.states ?? [];
    const onStates = [...new Set(field.widgets.flatMap((widget) => widget.on_states ?? []))];
    if (field.type === 'text') {
      let value = `${TEXTS[index % TEXTS.length]} ${index + 1}`;
      if (field.max_length) {
        value = Array.from(value).slice(0, field.max_length).join('').trimEnd();
      }
      result.push({
        field: field.name,
        value,
        readBack: [value],
        visible: shown ? value : undefined,
      });
    } else if (field.type === 'checkbox') {
      const pdftkOn = states.filter((state) => state !== 'Off');
      if (onStates.length <= 1) {
        result.push({
          field: field.name,
          value: true,
          readBack: [...pdftkOn, ...pdftkOn.map(undoDoubleDecoding)],
        });
      } else {
        const state = pickOther(
          onStates.filter((candidate) => pdftkOn.includes(candidate)),
          field.value,
        );
        if (state) {
          result.push({ field: field.name, value: state, readBack: [state] });
        }
      }
    } else if (field.type === 'radio') {
      if (optUnreadable(field, states)) {
        // pdftk reads /V as an index into /Opt; a widget with no state at its own index can
        // show its option but never read back as it (the filler reports that).
        console.log(`${field.name}: a widget has no state at its /Opt index; not read back`);
        return;
      }
      const options = states.length > 0 ? states : onStates;
      const option = pickOther(options, field.value);
      if (option) {
        const name = undoDoubleDecoding(option);
        // pdftk prints state names #-escaped but the /V name as raw bytes (Latin-1).
        const rawBytes = option.replace(/#([0-9a-f]{2})/gi, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
        result.push({ field: field.name, value: name, readBack: [option, name, rawBytes] });
      } else if (onStates.includes('')) {
        // The only option is named by the empty name (pypdf_FormTestFromOo RdoS1/RdoS2).
        result.push({ field: field.name, value: true, readBack: [''] });
      }
    } else if (field.type === 'choice') {
      const options = field.options ?? [];
      const option = pickOther(options, field.value);
      if (option) {
        // Dropdowns and lists show the option's display text, not its export value.
        const label = field.options_display?.[options.indexOf(option)] ?? option;
        const visible =
          shown && !(field.flag_names ?? []).includes('multiselect') ? label : undefined;
        result.push({ field: field.name, value: option, readBack: [option], visible });
      }
    }
  });
  return result;
}

function loadManifest(): ManifestEntry[] {
  return JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
}

function factsOf(file: string): FactField[] {
  const facts = JSON.parse(readFileSync(join(corpusDir, 'fields', `${file}.json`), 'utf8')) as {
    fields: FactField[];
  };
  return facts.fields;
}

const sample = haveCorpus ? sampleFillable(corpusDir, loadManifest()) : null;
const fillable = sample?.entries ?? [];

/**
 * Three fills, pdftk twice and pdftotext twice: work that grows with the form's fields. Quiet,
 * the largest form (713 fields) takes ~2 s; beside a full test run and other sessions (load
 * average ~13 on the shared 2 cores) it once took 121 s. So 120 s plus 250 ms a field.
 */
const timeoutFor = (file: string) => 120_000 + 250 * factsOf(file).length;

const missingTools = Object.entries(tools)
  .filter(([, present]) => !present)
  .map(([name]) => name);
const skipReason = !haveCorpus
  ? `SKIPPED: no corpus at ${corpusDir} (set FORMBRIDGE_CORPUS)`
  : missingTools.length > 0
    ? `SKIPPED: ${missingTools.join(' and ')} not installed (apt-get install pdftk-java poppler-utils)`
    : undefined;
if (skipReason) {
  console.warn(`fill-form.corpus.test.ts ${skipReason}`);
} else if (sample) {
  console.log(`fill-form.corpus.test.ts ${sample.summary}`);
}

describe(`fill engine on the corpus (${corpusDir})`, () => {
  if (skipReason) {
    it.skip(skipReason, () => undefined);
    return;
  }

  describe.each(fillable)('$file', ({ file }) => {
    it(
      'pdftk reads back every value; text is visible unflattened and flattened',
      async () => {
        const bytes = new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
        const wanted = expectations(factsOf(file));
        const values = Object.fromEntries(wanted.map((item) => [item.field, item.value]));
        // Filled as bulk generation fills: from a template parsed once, twice over.
        const plan = await planTemplate(bytes);
        const filled = await fillForm(plan, values);
        const flat = await fillForm(plan, values, { flatten: true });
        // The plan's copy of the template writes exactly what a fresh parse writes (encrypted
        // output differs by its random keys, so it is compared by what pdftk reads below).
        if (plan.permissions === null) {
          const fresh = await fillForm(new Uint8Array(bytes), values);
          expect(Buffer.from(fresh.bytes).equals(Buffer.from(filled.bytes))).toBe(true);
        }

        const readBack = pdftkFields(filled.bytes);
        // pdftk also prints values inherited from ancestors (often an empty /V on the root), so
        // the field's own value is one of its FieldValue lines.
        // Same-named fields are listed once per field object: each must hold the value.
        const wrongValues = wanted
          .filter((item) => {
            const copies = readBack.get(item.field) ?? [];
            return (
              copies.length === 0 ||
              copies.some(
                (copy) =>
                  !item.readBack.some((expected) =>
                    copy.values.some(
                      (value) => value.normalize('NFC') === expected.normalize('NFC'),
                    ),
                  ),
              )
            );
          })
          .map(
            (item) =>
              `${item.field}: got ${JSON.stringify(readBack.get(item.field)?.map((copy) => copy.values) ?? null)}`,
          );

        // Tiny boxes cannot show some values even at the minimum size: that must be reported,
        // and such text may run off the page, where pdftotext rightly ignores it.
        // Boxes placed outside the visible page or hidden cannot show anything either: reported
        // (fill-render.corpus.test.ts checks that on rendered pages).
        const unseeable = (problem: string) =>
          problem.includes('does not fit') ||
          problem === OUTSIDE_PAGE_PROBLEM ||
          problem.includes('not shown there') ||
          problem.includes('legibility floor');
        const overflowing = filled.report.fields.filter((entry) => entry.problems.some(unseeable));
        // Read-only fields are filled by the default policy and say so; pdftk reads them back.
        const writtenAnyway = (problem: string) => problem.includes('the value was written anyway');
        const problems = filled.report.fields.filter((entry) =>
          entry.problems.some((problem) => !unseeable(problem) && !writtenAnyway(problem)),
        );
        const tooLong = new Set(overflowing.map((entry) => entry.field));

        const unflattenedText = squash(popplerText(await withoutNeedAppearances(filled.bytes)));
        const flatText = squash(popplerText(flat.bytes));
        const drawn = wanted.filter(
          (item) => item.visible !== undefined && !tooLong.has(item.field),
        );
        const hiddenUnflattened = drawn.filter(
          (item) => !unflattenedText.includes(squash(item.visible ?? '')),
        );
        const hiddenFlat = drawn.filter((item) => !flatText.includes(squash(item.visible ?? '')));

        console.log(
          `${file}: ${wanted.length} filled, pdftk ok ${wanted.length - wrongValues.length}/${wanted.length}, ` +
            `visible ${drawn.length - hiddenUnflattened.length}/${drawn.length} unflattened, ` +
            `${drawn.length - hiddenFlat.length}/${drawn.length} flattened, ${overflowing.length} too long for their box` +
            (problems.length > 0 ? `, problems: ${JSON.stringify(problems)}` : ''),
        );
        expect(wrongValues).toEqual([]);
        expect(hiddenUnflattened.map((item) => item.field)).toEqual([]);
        expect(hiddenFlat.map((item) => item.field)).toEqual([]);
        expect(problems).toEqual([]);
        expect(pdftkFields(flat.bytes).size).toBe(0);
        // Large forms take seconds when the machine is busy: a slow fill is not a wrong fill.
      },
      timeoutFor(file),
    );
  });
});

/**
 * A radio group whose pdftk states come from /Opt (none is a widget's state name) reads back
 * option k only through a state named `k` on widget k; us_ny_ucs_nc2 has widgets with several
 * states (`/0 /8`, `/1 /27 /9`), which is fine, and one whose only state is `/1` at index 0.
 */
function optUnreadable(field: FactField, states: string[]): boolean {
  const exported = states.filter((state) => state !== 'Off');
  const widgetStates = field.widgets.map((widget) => widget.on_states ?? []);
  if (exported.length === 0 || widgetStates.flat().some((state) => exported.includes(state))) {
    return false;
  }
  return widgetStates.slice(0, exported.length).some((own, index) => !own.includes(String(index)));
}
