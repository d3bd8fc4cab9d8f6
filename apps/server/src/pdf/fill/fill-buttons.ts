import { decodePdfName } from '@formbridge/contract/pdf-names';
import { PDFName } from '@cantoo/pdf-lib';
import type { PDFContext } from '@cantoo/pdf-lib';
import { fieldOptions, onStates } from './fill-appearance.ts';
import {
  addCheckAppearances,
  inlineAppearanceStates,
  repairOnAppearances,
} from './fill-button-appearance.ts';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import { raiseTickedOverSiblings } from './fill-stacked-widgets.ts';
import type { FillValue } from './fill-types.ts';
import type { FormField } from '../prepare/prepare-document.ts';
import { getText, nameText, nameVariants, pdfName } from '../prepare/prepare-objects.ts';

// Checkboxes and radio buttons: the value selects an appearance state by its real name
// (whatever bytes it has), an /Opt export value, or a yes/no word. A boolean on a Yes/No pair
// (two boxes or buttons, one meaning "No") ticks the box that says so: false ticks "No".

const TRUTHY = new Set(['yes', 'true', 'x', '1', 'on', 'y', 'checked', '✓', '✔']);
const FALSY = new Set(['no', 'false', '0', 'off', 'n', 'unchecked', '']);
const OFF = PDFName.of('Off');

// Option names that say yes or no, in the languages of the forms seen: a checkbox field whose
// widgets are a Yes/No pair (one box meaning "No") takes a boolean by meaning, not by order.
const YES_WORDS = new Set([
  ...TRUTHY,
  'ja',
  'oui',
  'si',
  'sí',
  'sim',
  'tak',
  'да',
  'так',
  '是',
  'はい',
  '예',
]);
const NO_WORDS = new Set([
  'no',
  'n',
  'false',
  'nein',
  'non',
  'nee',
  'não',
  'nao',
  'nie',
  'нет',
  'ні',
  '否',
  'いいえ',
  '아니요',
]);

interface ButtonOption {
  state: PDFName;
  /** How the option is named in problems: its /Opt export value, else its state name. */
  display: string;
  labels: string[];
  /** A radio option named by /Opt: the index of the one widget it ticks. */
  widget?: number;
}

/** Normalised form for case-insensitive comparison of option names and values. */
export function normaliseLabel(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

function tooltipOf(context: PDFContext, field: FormField, index: number): string | undefined {
  const widget = field.widgets[index]?.dict;
  return widget && widget !== field.dict ? getText(context, widget, 'TU') : undefined;
}

/**
 * A radio group with /Opt: one option per widget, named by /Opt in /Kids order. pdftk and
 * Acrobat read /V as an index into /Opt, so the widget's state named by its own index is the
 * one selected (a widget may carry several states: us_ny_ucs_nc2 has `/0 /8` and `/1 /27 /9`).
 */
function optRadioOptions(
  context: PDFContext,
  field: FormField,
  exports: Array<[string, string]>,
): ButtonOption[] {
  const options: ButtonOption[] = [];
  field.widgets.forEach((widget, index) => {
    const states = onStates(context, widget.dict);
    const state = states.find((candidate) => nameText(candidate) === String(index)) ?? states[0];
    if (!state) {
      return;
    }
    const exported = exports[index];
    const tooltip = tooltipOf(context, field, index);
    options.push({
      state,
      widget: index,
      display: exported?.[0] ?? nameText(state),
      labels: [
        ...(exported ? [exported[0], exported[1]] : []),
        ...nameVariants(state),
        ...(tooltip ? [tooltip] : []),
      ],
    });
  });
  return options;
}

/** The field's on-states, each with the texts a user may select it by. */
function buttonOptions(context: PDFContext, field: FormField): ButtonOption[] {
  const exports = fieldOptions(context, field.dict);
  if (field.kind === 'radio' && exports.length > 0) {
    return optRadioOptions(context, field, exports);
  }
  const options = new Map<PDFName, ButtonOption>();
  field.widgets.forEach((widget, index) => {
    const states = onStates(context, widget.dict);
    for (const state of states) {
      const option = options.get(state) ?? {
        state,
        display: nameText(state),
        labels: [...nameVariants(state)],
      };
      options.set(state, option);
      if (states.length !== 1) {
        continue;
      }
      // /Opt holds the export value of each kid, in /Kids order, when state names are indices.
      const exported = exports[index];
      if (exported) {
        option.labels.push(exported[0], exported[1]);
        option.display = exported[0];
      }
      const tooltip = widget.dict !== field.dict ? getText(context, widget.dict, 'TU') : undefined;
      if (tooltip) {
        option.labels.push(tooltip);
      }
    }
  });
  return [...options.values()];
}

function findByText(options: ButtonOption[], text: string): ButtonOption | undefined {
  const exact = options.find((option) => option.labels.some((label) => label === text));
  if (exact) {
    return exact;
  }
  const wanted = normaliseLabel(text);
  return options.find((option) => option.labels.some((label) => normaliseLabel(label) === wanted));
}

function findOption(options: ButtonOption[], text: string): ButtonOption | undefined {
  // Records may hold another PDF's escaped state name (`#e5#a5#b3…`): its readable text matches.
  const readable = decodePdfName(text);
  return (
    findByText(options, text) ?? (readable !== text ? findByText(options, readable) : undefined)
  );
}

type Selection = { state: PDFName | undefined; widget?: number } | { problem: string };

function saying(options: ButtonOption[], words: ReadonlySet<string>): ButtonOption | undefined {
  return options.find((option) => option.labels.some((label) => words.has(normaliseLabel(label))));
}

/** The Yes and No options of a field whose options are such a pair, else undefined. */
function yesNoPair(options: ButtonOption[]): { yes: ButtonOption; no: ButtonOption } | undefined {
  const yes = saying(options, YES_WORDS);
  const no = saying(options, NO_WORDS);
  return options.length === 2 && yes && no && yes !== no ? { yes, no } : undefined;
}

function select(field: FormField, options: ButtonOption[], value: FillValue): Selection {
  const pair = typeof value === 'boolean' ? yesNoPair(options) : undefined;
  if (pair) {
    const chosen = value ? pair.yes : pair.no;
    return { state: chosen.state, widget: chosen.widget };
  }
  if (value === null || value === false) {
    return { state: undefined };
  }
  const first = options[0]?.state;
  if (value === true) {
    if (field.kind === 'checkbox' || options.length === 1) {
      return { state: first, widget: options[0]?.widget };
    }
    return { problem: 'true does not say which radio option to select; pass an option name' };
  }
  const text = String(value).trim();
  const option = text === '' ? undefined : findOption(options, text);
  if (option) {
    return { state: option.state, widget: option.widget };
  }
  const word = normaliseLabel(text);
  if (FALSY.has(word)) {
    return { state: undefined };
  }
  if (field.kind === 'checkbox' && TRUTHY.has(word)) {
    return { state: first };
  }
  const names = options.map((candidate) => `"${candidate.display}"`).join(', ');
  return { problem: `no matching option for "${text}" (options: ${names || 'none'})` };
}

function applyState(
  context: PDFContext,
  field: FormField,
  state: PDFName | undefined,
  only?: number,
): void {
  field.dict.set(pdfName('V'), state ?? OFF);
  for (const [index, widget] of field.widgets.entries()) {
    inlineAppearanceStates(context, widget.dict);
    // An /Opt option ticks its own widget: another widget may share the state name (`/1`).
    const on =
      state !== undefined &&
      (only === undefined || only === index) &&
      onStates(context, widget.dict).includes(state);
    widget.dict.set(pdfName('AS'), on && state ? state : OFF);
  }
}

/** Sets a checkbox or radio group from a boolean, a state/option name or a yes/no word. */
export function fillButtonField(
  ctx: FillContext,
  field: FormField,
  value: FillValue,
): FieldOutcome {
  const { context } = ctx;
  let options = buttonOptions(context, field);
  if (options.length === 0 && field.kind === 'checkbox' && field.widgets.length > 0) {
    // No appearance states at all: draw our own so a checked box is visible everywhere.
    addCheckAppearances(ctx, field, PDFName.of('Yes'));
    options = buttonOptions(context, field);
  }
  const selection = select(field, options, value);
  if ('problem' in selection) {
    return { written: null, font: null, fontSize: null, problems: [selection.problem] };
  }
  applyState(context, field, selection.state, selection.widget);
  const problems = raiseTickedOverSiblings(context, field);
  const stateName = selection.state ? nameText(selection.state) : '';
  if (
    selection.widget !== undefined &&
    /^\d+$/.test(stateName) &&
    stateName !== String(selection.widget)
  ) {
    // /V is read as an index into /Opt, and this widget has no state at its own index.
    problems.push(
      `the form gives this option no state at its /Opt position ${selection.widget}; ` +
        `pdftk and Acrobat may read the value as another option or as empty`,
    );
  }
  if (selection.state) {
    repairOnAppearances(ctx, field, selection.state);
  }
  // A radio whose states are indices (/Opt) is reported by the export value the user asked
  // for ("2"), not by the internal state name ("1").
  const display = options.find(
    (option) => option.state === selection.state && option.widget === selection.widget,
  )?.display;
  return {
    written: selection.state ? (display ?? nameText(selection.state)) : 'Off',
    font: null,
    fontSize: null,
    problems,
  };
}
