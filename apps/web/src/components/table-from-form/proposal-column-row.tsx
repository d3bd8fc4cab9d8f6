import { PROPOSAL_FIELD_TYPES } from '@formbridge/contract/table-proposal';
import { FIELD_TYPE_LABELS } from '@formbridge/contract/tables';
import { CheckboxField } from '../ui/checkbox-field';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import type { EditableColumn } from './proposal-edit';

type Props = {
  index: number;
  column: EditableColumn;
  /** How many PDF fields this column fills (split boxes: several). */
  fieldCount: number;
  onChange: (column: EditableColumn) => void;
  onRemove: () => void;
};

/** One proposed column: label, name, type, required, with what it fills and its choices. */
export function ProposalColumnRow({ index, column, fieldCount, onChange, onRemove }: Props) {
  const number = index + 1;
  return (
    <li className="grid grid-cols-2 items-start gap-2 rounded-md bg-slate-50 p-3 md:grid-cols-[1fr_1fr_8rem_5.5rem_auto] md:bg-transparent md:p-0">
      <TextField
        label={`Column ${number} label`}
        phoneLabel={{ text: 'Label', hiddenFrom: 'md' }}
        value={column.label}
        title={column.label}
        onChange={(event) => onChange({ ...column, label: event.target.value })}
      />
      <TextField
        label={`Column ${number} name`}
        phoneLabel={{ text: 'Name', hiddenFrom: 'md' }}
        value={column.name}
        title={column.name}
        onChange={(event) => onChange({ ...column, name: event.target.value })}
      />
      <SelectField
        label={`Column ${number} type`}
        isLabelHidden
        value={column.type}
        onChange={(event) =>
          onChange({ ...column, type: event.target.value as EditableColumn['type'] })
        }
      >
        {PROPOSAL_FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {FIELD_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label={`Column ${number} required`}
        isLabelHidden
        phoneLabel="Required"
        className="h-9.5"
        checked={column.required}
        onChange={(event) => onChange({ ...column, required: event.target.checked })}
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove column ${number} (${column.label || column.name})`}
        className="min-h-9.5 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
      >
        Remove
      </button>
      <p className="col-span-2 text-xs text-slate-600 md:col-span-5 md:-mt-1">
        Fills {fieldCount} PDF {fieldCount === 1 ? 'field' : 'fields'}
        {column.options ? ` · Choices: ${column.options.join(', ')}` : ''}
      </p>
    </li>
  );
}
