import {
  transformSchema,
  type Transform,
  type TransformKind,
} from '@formbridge/contract/transforms';

// The transform editor keeps every input as text or a tick in one flat draft, so switching the
// kind back and forth keeps what was typed; the contract's schema turns it into a transform.

export type TransformDraft = Record<string, string | boolean>;

export const EMPTY_DRAFT: TransformDraft = {
  pattern: 'MM/DD/YYYY',
  locale: 'en',
  decimals: '2',
  grouping: false,
  decimal_separator: '.',
  group_separator: ',',
  sign: 'auto',
  currency: '',
  currency_position: 'before',
  case: 'none',
  digits_only: false,
  max_chars: '',
  prefix: '',
  suffix: '',
  template: '',
  mode: 'sizes',
  sizes: '3-2-4',
  index: '1',
  by: 'digits',
  from: '1',
  to: '',
  operator: 'equals',
  values: '',
  option: '',
  entries: '',
  otherwise: 'keep',
};

const text = (draft: TransformDraft, key: string) => {
  const value = draft[key];
  return typeof value === 'string' ? value : '';
};
const flag = (draft: TransformDraft, key: string) => draft[key] === true;
const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function readEntries(value: string) {
  return value
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => {
      const at = line.indexOf('=');
      return { from: line.slice(0, at).trim(), to: line.slice(at + 1).trim() };
    });
}

function partInput(draft: TransformDraft) {
  const mode = text(draft, 'mode');
  const index = Number(text(draft, 'index'));
  if (mode === 'chars') {
    return {
      kind: 'part',
      mode,
      from: Number(text(draft, 'from')),
      to: optionalNumber(text(draft, 'to')),
    };
  }
  if (mode === 'group') {
    return { kind: 'part', mode, by: text(draft, 'by'), index };
  }
  const sizes = text(draft, 'sizes')
    .split(/[^0-9]+/)
    .filter((size) => size !== '')
    .map(Number);
  return { kind: 'part', mode: 'sizes', sizes, index };
}

/** What the draft means for a kind, before validation. */
export function draftToInput(kind: TransformKind, draft: TransformDraft): unknown {
  switch (kind) {
    case 'date':
      return { kind, pattern: text(draft, 'pattern'), locale: text(draft, 'locale') };
    case 'number':
      return {
        kind,
        decimals: optionalNumber(text(draft, 'decimals')),
        grouping: flag(draft, 'grouping'),
        decimal_separator: text(draft, 'decimal_separator'),
        group_separator: text(draft, 'group_separator'),
        sign: text(draft, 'sign'),
        currency: text(draft, 'currency'),
        currency_position: text(draft, 'currency_position'),
      };
    case 'text':
      return {
        kind,
        case: text(draft, 'case'),
        digits_only: flag(draft, 'digits_only'),
        max_chars: optionalNumber(text(draft, 'max_chars')),
        prefix: text(draft, 'prefix'),
        suffix: text(draft, 'suffix'),
      };
    case 'template':
      return { kind, template: text(draft, 'template') };
    case 'part':
      return partInput(draft);
    case 'condition':
      return {
        kind,
        operator: text(draft, 'operator'),
        values: list(text(draft, 'values')),
        option: text(draft, 'option').trim() === '' ? null : text(draft, 'option').trim(),
      };
    case 'value_map':
      return {
        kind,
        entries: readEntries(text(draft, 'entries')),
        otherwise: text(draft, 'otherwise'),
      };
  }
}

/** The transform, or the first thing wrong with the draft in the contract's words. */
export function parseDraft(
  kind: TransformKind,
  draft: TransformDraft,
): { ok: true; transform: Transform } | { ok: false; message: string } {
  const parsed = transformSchema.safeParse(draftToInput(kind, draft));
  if (parsed.success) {
    return { ok: true, transform: parsed.data };
  }
  const issue = parsed.error.issues[0];
  if (!issue) {
    return { ok: false, message: 'Please check the transform' };
  }
  const field = issue.path.find((part): part is string => typeof part === 'string');
  const name = field ? (DRAFT_FIELD_NAMES[field] ?? null) : null;
  return { ok: false, message: `${name ? `${name}: ` : ''}${describeIssue(issue)}` };
}

/** The editor's names for what a message is about, never the schema's keys. */
const DRAFT_FIELD_NAMES: Readonly<Record<string, string>> = {
  pattern: 'Pattern',
  locale: 'Language',
  decimals: 'Decimals',
  currency: 'Currency',
  group_separator: 'Grouping separator',
  prefix: 'Prefix',
  suffix: 'Suffix',
  max_chars: 'Maximum characters',
  template: 'Template',
  from: 'From character',
  to: 'To character',
  sizes: 'Group sizes',
  index: 'Part',
  values: 'Values',
  option: 'Option',
  entries: 'Value map',
};

type Issue = NonNullable<ReturnType<typeof transformSchema.safeParse>['error']>['issues'][number];

/** The contract's own words, or for zod's generic checks a sentence a user reads. */
function describeIssue(issue: Issue): string {
  if (issue.code === 'custom' || !/^(Invalid|Too (small|big))/.test(issue.message)) {
    return issue.message;
  }
  if (issue.code === 'invalid_type') {
    return issue.expected === 'number' ? 'Enter a number' : 'Please fill this in';
  }
  if (issue.code === 'too_small') {
    return issue.origin === 'number'
      ? `Enter ${String(issue.minimum)} or more`
      : issue.origin === 'array'
        ? 'Add at least one'
        : 'Please fill this in';
  }
  if (issue.code === 'too_big') {
    return issue.origin === 'number'
      ? `Enter ${String(issue.maximum)} or less`
      : `Too long: at most ${String(issue.maximum)}`;
  }
  return 'Please check this value';
}

/** A stored transform as a draft, so the editor opens showing it. */
export function transformToDraft(transform: Transform | null): TransformDraft {
  if (!transform) {
    return { ...EMPTY_DRAFT };
  }
  const draft: TransformDraft = { ...EMPTY_DRAFT };
  for (const [key, value] of Object.entries(transform)) {
    if (typeof value === 'string' || typeof value === 'boolean') {
      draft[key] = value;
    } else if (typeof value === 'number') {
      draft[key] = String(value);
    } else if (value === null) {
      draft[key] = '';
    }
  }
  if (transform.kind === 'part' && transform.mode === 'sizes') {
    draft.sizes = transform.sizes.join('-');
  }
  if (transform.kind === 'condition') {
    draft.values = transform.values.join(', ');
  }
  if (transform.kind === 'value_map') {
    draft.entries = transform.entries.map((entry) => `${entry.from} = ${entry.to}`).join('\n');
  }
  return draft;
}
