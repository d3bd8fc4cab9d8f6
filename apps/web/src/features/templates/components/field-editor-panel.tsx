import {
  EDITOR_FIELD_TYPE_LABELS,
  EDITOR_FIELD_TYPES,
  MAX_COMB_CELLS,
  type EditorField,
  type EditorFieldType,
} from '@formbridge/contract/field-candidates';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { EditorItem } from '../utils/field-editor-state';

type Props = {
  item: EditorItem;
  onChange: (patch: Partial<EditorField>) => void;
  onAccept: () => void;
  onRemove: () => void;
};

const optionsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((value) => ({ value, label: value }));

/** The selected field's properties: type, name, caption, comb boxes, choices. */
export function FieldEditorPanel({ item, onChange, onAccept, onRemove }: Props) {
  const { field } = item;
  const optionsId = useId();
  // Kept as typed (blank lines and all) while the field stays selected; the panel is keyed by it.
  const [optionsText, setOptionsText] = useState(() =>
    (field.options ?? []).map((option) => option.value).join('\n'),
  );
  const isProposed = item.status === 'proposed';

  const changeType = (type: EditorFieldType) => {
    const patch: Partial<EditorField> = { type };
    if (type === 'comb' && field.max_len === undefined) {
      patch.max_len = Math.max(1, Math.round((field.rect[2] - field.rect[0]) / 14));
    }
    onChange(patch);
  };

  return (
    <section aria-label="Selected field" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{isProposed ? 'Proposed field' : 'Field'}</h2>
        {field.confidence !== undefined ? (
          <span className="text-xs text-slate-500">{Math.round(field.confidence * 100)}% sure</span>
        ) : null}
      </div>
      <SelectField
        label="Type"
        value={field.type}
        onChange={(event) => changeType(event.target.value as EditorFieldType)}
      >
        {EDITOR_FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {EDITOR_FIELD_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Name"
        value={field.name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <TextField
        label="Caption"
        value={field.label ?? ''}
        onChange={(event) => onChange({ label: event.target.value })}
      />
      {field.type === 'comb' ? (
        <TextField
          label="Number of boxes"
          type="number"
          min={1}
          max={MAX_COMB_CELLS}
          value={field.max_len ?? ''}
          onChange={(event) => {
            const cells = Number.parseInt(event.target.value, 10);
            onChange({ max_len: Number.isFinite(cells) && cells > 0 ? cells : undefined });
          }}
        />
      ) : null}
      {field.type === 'radio' ? (
        <TextField
          label="Value when chosen"
          value={field.options?.[0]?.value ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ options: value.trim() ? [{ value, label: value }] : [] });
          }}
        />
      ) : null}
      {field.type === 'dropdown' || field.type === 'list' ? (
        <div>
          <label htmlFor={optionsId} className="block text-sm font-medium text-slate-700">
            Options, one per line
          </label>
          <textarea
            id={optionsId}
            rows={4}
            value={optionsText}
            onChange={(event) => {
              setOptionsText(event.target.value);
              onChange({ options: optionsOf(event.target.value) });
            }}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          />
        </div>
      ) : null}
      <p className="text-xs text-slate-500">
        Page {field.page}, {Math.round(field.rect[2] - field.rect[0])} ×{' '}
        {Math.round(field.rect[3] - field.rect[1])} pt
      </p>
      <div className="flex flex-wrap gap-2">
        {isProposed ? <Button onClick={onAccept}>Accept</Button> : null}
        <Button variant={isProposed ? 'secondary' : 'danger'} onClick={onRemove}>
          {isProposed ? 'Reject' : 'Delete field'}
        </Button>
      </div>
    </section>
  );
}
