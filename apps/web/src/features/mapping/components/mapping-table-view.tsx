import { sortFieldsByPosition, type FieldInfoDto } from '@formbridge/contract/templates';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { VIRTUAL_LIST_THRESHOLD } from '../../../components/ui/virtual-list';
import type { MappingState } from '../hooks/use-mapping-state';
import { FieldCaption } from './field-caption';
import { SuggestionHint } from './suggestion-hint';
import { MappingTargetSelect } from './mapping-target-select';
import { TransformEditor } from './transform-editor';

/** A first guess of one row's height in pixels; rows are measured once shown. */
const ROW_ESTIMATE = 56;

function StatusBadge({ status }: { status: 'Mapped' | 'Suggestion available' | 'Not mapped' }) {
  const styles = {
    Mapped: 'bg-green-100 text-green-800',
    'Suggestion available': 'bg-amber-100 text-amber-800',
    'Not mapped': 'bg-slate-100 text-slate-600',
  } as const;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status]}`}
    >
      {status}
    </span>
  );
}

/** One row per PDF field: its target, its status, and apply/remove actions. */
export function MappingTableView({ state }: { state: MappingState }) {
  const fields = useMemo(
    () => sortFieldsByPosition(state.template.data?.field_data ?? {}),
    [state.template.data],
  );
  const hasTable = Boolean(state.selectedTable);
  // A long form (a 925-field tax return) renders only the rows near the window's view: every
  // row holds a searchable choice list, and hundreds of them took seconds to lay out.
  const windowed = fields.length > VIRTUAL_LIST_THRESHOLD;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Where the rows start in the page; the toolbar above them can grow (suggestions, notices).
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - margin) > 1) {
      setMargin(top);
    }
  }, [margin, state]);
  // Rows the user has worked in stay rendered when scrolled away: a transform being edited
  // keeps its unsaved draft.
  const [kept, setKept] = useState<ReadonlySet<number>>(() => new Set());
  const keep = useCallback(
    (index: number) =>
      setKept((current) => (current.has(index) ? current : new Set(current).add(index))),
    [],
  );
  const virtualizer = useWindowVirtualizer({
    count: fields.length,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => fields[index]?.[0] ?? index,
    overscan: 6,
    enabled: windowed,
    scrollMargin: margin,
    initialRect: { width: 1024, height: 800 },
    useFlushSync: false,
    rangeExtractor: (range) => {
      const inView = defaultRangeExtractor(range);
      const extra = [...kept].filter((index) => index < range.count && !inView.includes(index));
      return extra.length === 0 ? inView : [...inView, ...extra].sort((a, b) => a - b);
    },
  });
  // Spacer rows stand in for the rows not rendered, before, between and after those that are.
  const body: ReactNode[] = [];
  const spacer = (key: string, height: number) =>
    height > 0 ? body.push(<tr key={key} aria-hidden="true" style={{ height }} />) : undefined;
  let cursor = margin;
  const shown = windowed
    ? virtualizer.getVirtualItems()
    : fields.map((_, index) => ({ index, key: fields[index]?.[0] ?? index, start: 0, end: 0 }));
  for (const item of shown) {
    const entry = fields[item.index];
    if (!entry) {
      continue;
    }
    if (windowed) {
      spacer(`gap-${item.index}`, item.start - cursor);
      cursor = item.end;
    }
    body.push(
      <MappingRow
        key={item.key}
        ref={windowed ? virtualizer.measureElement : undefined}
        index={item.index}
        name={entry[0]}
        info={entry[1]}
        state={state}
        hasTable={hasTable}
        onFocus={keep}
      />,
    );
  }
  if (windowed) {
    spacer('gap-end', margin + virtualizer.getTotalSize() - cursor);
  }
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2">
              PDF Field
            </th>
            <th scope="col" className="w-72 px-4 py-2">
              Table Field
            </th>
            <th scope="col" className="px-4 py-2">
              Transform and preview
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="px-4 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef} className="divide-y divide-slate-100">
          {body}
        </tbody>
      </table>
    </div>
  );
}

type RowProps = {
  ref: Ref<HTMLTableRowElement> | undefined;
  index: number;
  name: string;
  info: FieldInfoDto;
  state: MappingState;
  hasTable: boolean;
  onFocus: (index: number) => void;
};

/** One PDF field: its target, its transform and preview, its status and its actions. */
function MappingRow({ ref, index, name, info, state, hasTable, onFocus }: RowProps) {
  const mapping = state.mappingByField.get(name);
  const suggestion = state.suggestions.get(name);
  const status = mapping ? 'Mapped' : suggestion ? 'Suggestion available' : 'Not mapped';
  return (
    <tr
      ref={ref}
      data-index={index}
      data-field={name}
      data-status={status}
      onFocus={() => onFocus(index)}
    >
      <td className="max-w-sm px-4 py-2">
        <FieldCaption name={name} info={info} />
      </td>
      <td className="px-4 py-2">
        <MappingTargetSelect
          ariaLabel={`Table field for ${name}`}
          groups={state.targetGroups}
          value={mapping?.mapped_field_key ?? null}
          fallbackLabel={mapping ? `${mapping.table_name}.${mapping.mapped_field_key}` : undefined}
          isDisabled={!hasTable}
          onChange={(key) => void state.assign(name, key)}
        />
      </td>
      <td className="min-w-56 px-4 py-2">
        {mapping ? (
          <TransformEditor
            key={mapping.id}
            mapping={mapping}
            info={info}
            preview={state.preview.byField.get(name)}
            onSave={(transform) => state.saveTransform(mapping, transform)}
          />
        ) : null}
      </td>
      <td className="px-4 py-2">
        <StatusBadge status={status} />
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        {mapping ? (
          <button
            type="button"
            onClick={() => void state.assign(name, null)}
            className="text-sm font-medium text-red-600 hover:text-red-500"
          >
            Remove mapping
          </button>
        ) : suggestion ? (
          <>
            <button
              type="button"
              onClick={() =>
                void state.assign(name, suggestion.suggested_field_key, {
                  suggested: true,
                  transform: suggestion.transform ?? null,
                })
              }
              className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
            >
              Apply {suggestion.suggested_field_key} (
              {Math.round(suggestion.confidence_score * 100)}%)
            </button>
            <SuggestionHint suggestion={suggestion} />
          </>
        ) : null}
      </td>
    </tr>
  );
}
