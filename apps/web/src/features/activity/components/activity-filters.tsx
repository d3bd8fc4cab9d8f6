import { auditTargetKindSchema } from '@formbridge/contract/audit';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { ActivityFilters as Filters } from '../api/list-audit-events';
import { COMMON_ACTIONS, describeAction, TARGET_KIND_LABELS } from '../utils/describe-event';

type Props = {
  filters: Filters;
  /** The members to filter by (id → e-mail), from the events read so far. */
  members: ReadonlyMap<string, string>;
  onChange: (filters: Filters) => void;
};

/** A date input's day as the instant it starts (`from`) or ends (`to`) in the browser's zone. */
export function dayToInstant(day: string, edge: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number);
  const instant = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  if (edge === 'end') {
    instant.setDate(instant.getDate() + 1);
    instant.setMilliseconds(-1);
  }
  return instant.toISOString();
}

const dayOf = (iso: string | undefined) => {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Member, item kind, action and dates: every change applies at once. */
export function ActivityFilters({ filters, members, onChange }: Props) {
  const set = (key: keyof Filters, value: string) =>
    onChange({ ...filters, [key]: value || undefined });
  return (
    <form
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
      aria-label="Filter activity"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label="Member"
        value={filters.actor ?? ''}
        onChange={(e) => set('actor', e.target.value)}
      >
        <option value="">Anyone</option>
        {[...members].map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Item"
        value={filters.target_kind ?? ''}
        onChange={(e) =>
          onChange({ ...filters, target_kind: e.target.value || undefined, target_id: undefined })
        }
      >
        <option value="">Any item</option>
        {auditTargetKindSchema.options.map((kind) => (
          <option key={kind} value={kind}>
            {TARGET_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Action"
        value={filters.action ?? ''}
        onChange={(e) => set('action', e.target.value)}
      >
        <option value="">Any action</option>
        {[...new Set([...COMMON_ACTIONS, ...(filters.action ? [filters.action] : [])])].map(
          (action) => (
            <option key={action} value={action}>
              {describeAction(action)}
            </option>
          ),
        )}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={dayOf(filters.from)}
        onChange={(e) => set('from', e.target.value ? dayToInstant(e.target.value, 'start') : '')}
      />
      <TextField
        label="To"
        type="date"
        value={dayOf(filters.to)}
        onChange={(e) => set('to', e.target.value ? dayToInstant(e.target.value, 'end') : '')}
      />
    </form>
  );
}
