import type { ReactNode } from 'react';
import { DATE_PRESETS, type TransformKind } from '@formbridge/contract/transforms';
import { TRANSFORM_LOCALES } from '@formbridge/contract/transforms-locales';
import type { TransformDraft } from '../utils/transform-draft';

type Props = {
  kind: TransformKind;
  draft: TransformDraft;
  onChange: (key: string, value: string | boolean) => void;
  /** The PDF field's options (radio, dropdown), offered for conditions and value maps. */
  options: string[];
};

const INPUT = 'mt-0.5 w-full rounded border border-slate-300 px-2 py-1 text-sm';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      {label}
      {children}
    </label>
  );
}

/** The inputs of one transform kind; every value lives in the shared draft. */
export function TransformKindFields({ kind, draft, onChange, options }: Props) {
  const text = (
    key: string,
    label: string,
    extra: { list?: string; placeholder?: string } = {},
  ) => (
    <Field label={label}>
      <input
        aria-label={label}
        className={INPUT}
        value={typeof draft[key] === 'string' ? draft[key] : ''}
        onChange={(event) => onChange(key, event.target.value)}
        {...extra}
      />
    </Field>
  );
  const select = (key: string, label: string, choices: ReadonlyArray<[string, string]>) => (
    <Field label={label}>
      <select
        aria-label={label}
        className={INPUT}
        value={typeof draft[key] === 'string' ? draft[key] : ''}
        onChange={(event) => onChange(key, event.target.value)}
      >
        {choices.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
  const tick = (key: string, label: string) => (
    <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
      <input
        type="checkbox"
        checked={draft[key] === true}
        onChange={(event) => onChange(key, event.target.checked)}
      />
      {label}
    </label>
  );
  const optionList =
    options.length > 0 ? (
      <datalist id="transform-field-options">
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
    ) : null;

  switch (kind) {
    case 'date':
      return (
        <div className="grid grid-cols-2 gap-2">
          {text('pattern', 'Date pattern', { list: 'transform-date-presets' })}
          <datalist id="transform-date-presets">
            {DATE_PRESETS.map((preset) => (
              <option key={preset} value={preset} />
            ))}
          </datalist>
          {select(
            'locale',
            'Month names',
            TRANSFORM_LOCALES.map((code) => [code, code]),
          )}
        </div>
      );
    case 'number':
      return (
        <div className="grid grid-cols-2 gap-2">
          {text('decimals', 'Decimals')}
          {select('decimal_separator', 'Decimal separator', [
            ['.', '.'],
            [',', ','],
          ])}
          {tick('grouping', 'Group thousands')}
          {select('group_separator', 'Group separator', [
            [',', ','],
            ['.', '.'],
            [' ', 'space'],
            ["'", "'"],
          ])}
          {select('sign', 'Sign', [
            ['auto', '-5'],
            ['always', '+5 / -5'],
            ['never', 'no sign'],
            ['parentheses', '(5)'],
          ])}
          {text('currency', 'Currency')}
        </div>
      );
    case 'text':
      return (
        <div className="grid grid-cols-2 gap-2">
          {select('case', 'Case', [
            ['none', 'as is'],
            ['upper', 'UPPER'],
            ['lower', 'lower'],
            ['title', 'Title'],
          ])}
          {text('max_chars', 'Max characters')}
          {text('prefix', 'Prefix')}
          {text('suffix', 'Suffix')}
          {tick('digits_only', 'Digits only')}
        </div>
      );
    case 'template':
      return text('template', 'Template', {
        placeholder: '{last_name}, {first_name} {middle_name|first}',
      });
    case 'part':
      return (
        <div className="grid grid-cols-2 gap-2">
          {select('mode', 'Split by', [
            ['sizes', 'group sizes'],
            ['group', 'groups'],
            ['chars', 'characters'],
          ])}
          {draft.mode === 'chars' ? (
            <>
              {text('from', 'From character')}
              {text('to', 'To character')}
            </>
          ) : (
            <>
              {draft.mode === 'group'
                ? select('by', 'Groups of', [
                    ['digits', 'digits'],
                    ['words', 'words'],
                    ['separators', 'separated parts'],
                  ])
                : text('sizes', 'Group sizes', { placeholder: '3-2-4' })}
              {text('index', 'Group number')}
            </>
          )}
        </div>
      );
    case 'condition':
      return (
        <div className="grid grid-cols-2 gap-2">
          {select('operator', 'When the value', [
            ['equals', 'equals'],
            ['one_of', 'is one of'],
            ['empty', 'is empty'],
            ['not_empty', 'is not empty'],
          ])}
          {text('values', 'Values (comma-separated)')}
          {text('option', 'Choose option (empty: tick)', { list: 'transform-field-options' })}
          {optionList}
        </div>
      );
    case 'value_map':
      return (
        <div className="grid gap-2">
          <Field label="Value map (one 'from = to' a line)">
            <textarea
              aria-label="Value map"
              className={INPUT}
              rows={3}
              value={typeof draft.entries === 'string' ? draft.entries : ''}
              onChange={(event) => onChange('entries', event.target.value)}
              placeholder={options[0] ? `M = ${options[0]}` : 'M = Male'}
            />
          </Field>
          {select('otherwise', 'Other values', [
            ['keep', 'written as they are'],
            ['empty', 'left empty'],
          ])}
        </div>
      );
  }
}
