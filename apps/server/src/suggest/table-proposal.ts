import {
  columnNameOf,
  type ProposedField,
  type ProposedMapping,
  type TableProposal,
} from '@formbridge/contract/table-proposal';
import { getNameKey } from '@formbridge/contract/tables';
import { type FieldDataDto, type FieldInfoDto } from '@formbridge/contract/templates';
import type { Transform } from '@formbridge/contract/transforms';
import { TABLE_NAME_MAX_LENGTH } from '@formbridge/contract/limits';
import { hasDateFormat } from './field-words.ts';
import { partiesIn } from './parties.ts';
import { captionOf } from './proposal-caption.ts';
import { BOX_INDEX } from './readable-name.ts';

// A table proposed from a form (issue 34): one column per logical value the form asks for, named
// from the printed captions the layout finder stored with each field (label, label_candidates,
// section), so in the form's own language. Split boxes (SSN in 3 + 2 + 4, a date in day, month
// and year boxes) become one column whose mappings take a part each; a radio group is one choice
// column; a checkbox a Yes/No column; a box captioned or formatted as a date a date column; a
// block for another party (the paid preparer, the spouse) gets that party's prefix.

type Box = { name: string; info: FieldInfoDto };
type Column = ProposedField & { mappings: ProposedMapping[] };

const SAME_ROW_POINTS = 6;
// Split boxes sit next to each other, at most a printed dash apart.
const ADJACENT_POINTS = 24;
// Longer than an SSN, EIN, phone number or account number, it is more than one value.
const MAX_SPLIT_CHARS = 24;
// The trailing box number of split boxes: 'SSN 1', 'ssn_2', 'f1_04[0]', 'DOB(2)'.
const BOX_NUMBER = /(?:[\s_\-.]*\d+)?(?:\[\d+\]|\(\d+\))?$/;
const DATE_PART = /[\s_\-.]*\b(mm|month|dd|day|yyyy|yy|year)$/i;
const DATE_WORDS =
  /(?<!\p{L})(date|dated|birth|born|dob|fecha|nacimiento|datum|geburt|data|nascita|nascimento|né|née|naissance|дата)(?!\p{L})/iu;
const EMAIL_WORDS = /(?<!\p{L})(e-?mail|courriel|correo electr[oó]nico)(?!\p{L})/iu;
const PARTY_PREFIXES: Readonly<Record<string, string>> = {
  preparer: 'Preparer',
  employer: 'Employer',
  spouse: 'Spouse',
  agent: 'Agent',
  office: 'Office',
  dependent: 'Dependent',
  witness: 'Witness',
  doctor: 'Doctor',
  translator: 'Translator',
};

const UNMAPPED_REASONS: Partial<Record<FieldInfoDto['type'], string>> = {
  signature: 'A signature is signed by hand, not filled from a table',
  button: 'A button holds no value',
};

function partyOf(info: FieldInfoDto, caption: string): string | null {
  const [party] = partiesIn(info.section, caption);
  return party === undefined ? null : (PARTY_PREFIXES[party] ?? null);
}

function isSameRow(boxes: readonly Box[]): boolean {
  const tops = boxes.map((box) => box.info.rect[1]);
  return Math.max(...tops) - Math.min(...tops) <= SAME_ROW_POINTS;
}

/** Each box starts right after the one before it (boxes sorted left to right). */
function isAdjacent(boxes: readonly Box[]): boolean {
  return boxes.every((box, i) => {
    const before = boxes[i - 1];
    return before === undefined || box.info.rect[0] - before.info.rect[2] <= ADJACENT_POINTS;
  });
}

/**
 * Numbered boxes are one value only when they are short and sized (SSN 3 + 2 + 4): on IRS forms
 * every field is f1_NN, and 'City' and 'State' side by side are two values.
 */
function isSizedSplit(boxes: readonly Box[]): boolean {
  const sizes = boxes.map((box) => box.info.max_length ?? 0);
  return sizes.every((size) => size > 0) && sizes.reduce((a, b) => a + b, 0) <= MAX_SPLIT_CHARS;
}

/** Text boxes sharing a stem on one row of one page, left to right: the parts of one value. */
function findSplitGroups(fields: FieldDataDto): Box[][] {
  const groups = new Map<string, Box[]>();
  for (const [name, info] of Object.entries(fields)) {
    if (info.type !== 'text') {
      continue;
    }
    const isDatePart = DATE_PART.test(name);
    const stem = isDatePart
      ? name.replace(DATE_PART, '')
      : BOX_INDEX.test(name)
        ? name.replace(BOX_NUMBER, '')
        : null;
    if (stem === null) {
      continue;
    }
    // One group per stem and row: a row of day/month/year boxes is one date.
    const row = Math.round(info.rect[1] / SAME_ROW_POINTS);
    const key = `${info.page}\u0000${row}\u0000${isDatePart}\u0000${stem.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), { name, info }]);
  }
  return [...groups.entries()]
    .map(([key, boxes]) => ({
      isDate: key.split('\u0000')[2] === 'true',
      boxes: [...boxes].sort((a, b) => a.info.rect[0] - b.info.rect[0]),
    }))
    .filter(
      ({ isDate, boxes }) =>
        boxes.length >= 2 &&
        isSameRow(boxes) &&
        isAdjacent(boxes) &&
        (isDate || isSizedSplit(boxes)),
    )
    .map(({ boxes }) => boxes);
}

function datePartPattern(name: string): string | null {
  const token = DATE_PART.exec(name)?.[1]?.toLowerCase()[0];
  return token === 'm' ? 'MM' : token === 'd' ? 'DD' : token === 'y' ? 'YYYY' : null;
}

/** The part each box of a split value takes: a date piece, or a run of characters. */
function splitTransforms(group: readonly Box[]): { isDate: boolean; transforms: Transform[] } {
  const datePatterns = group.map((box) => datePartPattern(box.name));
  if (datePatterns.every((pattern) => pattern !== null)) {
    return {
      isDate: true,
      transforms: datePatterns.map((pattern) => ({ kind: 'date', pattern, locale: 'en' })),
    };
  }
  const sizes = group.map((box) => box.info.max_length ?? 0);
  const transforms: Transform[] = group.map((_, position) =>
    sizes.every((size) => size > 0)
      ? { kind: 'part', mode: 'sizes', sizes, index: position + 1 }
      : { kind: 'part', mode: 'group', by: 'separators', index: position + 1 },
  );
  return { isDate: false, transforms };
}

function textColumnType(name: string, info: FieldInfoDto, caption: string): ProposedField['type'] {
  const words = [caption, info.tooltip ?? '', name].join(' ');
  if (hasDateFormat(words) || DATE_WORDS.test(caption)) {
    return 'date';
  }
  return EMAIL_WORDS.test(words) ? 'email' : 'string';
}

function optionLabels(info: FieldInfoDto): string[] | undefined {
  const labels = (info.options ?? []).map((option) => option.label || option.value);
  return labels.length > 0 ? [...new Set(labels)] : undefined;
}

/** Column names unique ignoring case, labels too: a second "Name" is name_2, "Name (2)". */
function deduplicate(columns: Column[]): void {
  const seenNames = new Set<string>();
  const seenLabels = new Set<string>();
  for (const column of columns) {
    const base = column.name;
    let name = base;
    for (let n = 2; seenNames.has(getNameKey(name)); n++) {
      name = `${base}_${n}`;
    }
    seenNames.add(getNameKey(name));
    let label = column.label;
    for (let n = 2; seenLabels.has(label.toLowerCase()); n++) {
      label = `${column.label} (${n})`;
    }
    seenLabels.add(label.toLowerCase());
    column.name = name;
    column.label = label;
    for (const mapping of column.mappings) {
      mapping.mapped_field_key = name;
    }
  }
}

function newColumn(
  caption: string,
  info: FieldInfoDto,
  type: ProposedField['type'],
  boxes: Array<{ name: string; transform?: Transform }>,
): Column {
  const party = partyOf(info, caption);
  const label =
    party && !caption.toLowerCase().includes(party.toLowerCase())
      ? `${party}: ${caption}`
      : caption;
  const options = type === 'string' ? optionLabels(info) : undefined;
  return {
    name: columnNameOf(label) || 'field',
    label,
    type,
    required: false,
    ...(options ? { options } : {}),
    mappings: boxes.map((box) => ({
      field_name: box.name,
      mapped_field_key: '',
      ...(box.transform ? { transform: box.transform } : {}),
    })),
  };
}

/** Reading order: page, then top to bottom, then left to right. */
function byPosition(a: Box, b: Box): number {
  return (
    a.info.page - b.info.page || a.info.rect[1] - b.info.rect[1] || a.info.rect[0] - b.info.rect[0]
  );
}

/**
 * The table a template's fields ask for, with the mapping of every field to its column and the
 * fields left out with why. `existingMappedFields` are skipped (already filled from a table).
 */
export function proposeTableFromFields(
  templateName: string,
  fields: FieldDataDto,
  existingMappedFields: ReadonlySet<string> = new Set(),
): TableProposal {
  const boxes = Object.entries(fields)
    .map(([name, info]) => ({ name, info }))
    .filter((box) => !existingMappedFields.has(box.name))
    .sort(byPosition);
  const unmapped: TableProposal['unmapped'] = [];
  const columns: Column[] = [];
  const inGroup = new Map<string, Box[]>();
  for (const group of findSplitGroups(fields)) {
    if (group.every((box) => !existingMappedFields.has(box.name))) {
      group.forEach((box) => inGroup.set(box.name, group));
    }
  }
  const done = new Set<string>();
  for (const box of boxes) {
    if (done.has(box.name)) {
      continue;
    }
    const reason = UNMAPPED_REASONS[box.info.type];
    if (reason) {
      unmapped.push({ field_name: box.name, reason });
      continue;
    }
    const group = inGroup.get(box.name);
    if (group) {
      const first = group[0] ?? box;
      const caption = captionOf(first.name, first.info).replace(BOX_INDEX, '').trim();
      const { isDate, transforms } = splitTransforms(group);
      const parts = group.map((part, i) => ({ name: part.name, transform: transforms[i] }));
      columns.push(newColumn(caption, first.info, isDate ? 'date' : 'string', parts));
      group.forEach((part) => done.add(part.name));
      continue;
    }
    const caption = captionOf(box.name, box.info);
    const type =
      box.info.type === 'checkbox'
        ? 'boolean'
        : box.info.type === 'text'
          ? textColumnType(box.name, box.info, caption)
          : 'string';
    columns.push(newColumn(caption, box.info, type, [{ name: box.name }]));
    done.add(box.name);
  }
  deduplicate(columns);
  return {
    table: {
      name: templateName.slice(0, TABLE_NAME_MAX_LENGTH),
      fields: columns.map(({ mappings: _mappings, ...field }) => field),
      combination_rules: [],
    },
    mappings: columns.flatMap((column) => column.mappings),
    unmapped,
  };
}
