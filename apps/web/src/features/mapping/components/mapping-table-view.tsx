import { sortFieldsByPosition } from '@formbridge/contract/templates';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { FieldFilter, NoFieldsMatch } from '../../../components/ui/field-filter';
import { VIRTUAL_LIST_THRESHOLD } from '../../../components/ui/virtual-list';
import type { MappingState } from '../hooks/use-mapping-state';
import { filterMappingFields } from '../utils/field-filter';
import { MappingRow } from './mapping-table-row';

/** A first guess of one row's height in pixels; rows are measured once shown. */
const ROW_ESTIMATE = 56;
/** Room left above the first row when the filter scrolls back up: the filter box and the header. */
const FILTER_BAR_SPACE = 120;

type Props = {
  state: MappingState;
  /** The "Filter fields" text, shared with the visual view. */
  filter: string;
  onFilterChange: (filter: string) => void;
};

/** One row per PDF field: its target, its status, and apply/remove actions. */
export function MappingTableView({ state, filter, onFilterChange }: Props) {
  const fields = useMemo(
    () => sortFieldsByPosition(state.template.data?.field_data ?? {}),
    [state.template.data],
  );
  const shown = useMemo(
    () => filterMappingFields(fields, filter, state.mappingByField),
    [fields, filter, state.mappingByField],
  );
  const hasTable = Boolean(state.selectedTable);
  // A long form (a 925-field tax return) renders only the rows near the window's view: every
  // row holds a searchable choice list, and hundreds of them took seconds to lay out. Decided on
  // the whole form, so typing in the filter never switches modes.
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
  // A filter typed deep in the form brings the top of the (now shorter) table back into view,
  // under the filter box that stays at the top of the window.
  const filteredFor = useRef(filter);
  useEffect(() => {
    if (filteredFor.current !== filter) {
      filteredFor.current = filter;
      if (window.scrollY > margin - FILTER_BAR_SPACE) {
        window.scrollTo({ top: Math.max(0, margin - FILTER_BAR_SPACE) });
      }
    }
  }, [filter, margin]);
  // Rows the user has worked in stay rendered when scrolled or filtered away: a transform being
  // edited keeps its unsaved draft.
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const keep = useCallback(
    (name: string) =>
      setKept((current) => (current.has(name) ? current : new Set(current).add(name))),
    [],
  );
  const shownIndex = useMemo(() => new Map(shown.map(([name], index) => [name, index])), [shown]);
  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => shown[index]?.[0] ?? index,
    overscan: 6,
    enabled: windowed,
    scrollMargin: margin,
    initialRect: { width: 1024, height: 800 },
    useFlushSync: false,
    rangeExtractor: (range) => {
      const inView = defaultRangeExtractor(range);
      const extra = [...kept]
        .map((name) => shownIndex.get(name))
        .filter((index): index is number => index !== undefined && !inView.includes(index));
      return extra.length === 0 ? inView : [...inView, ...extra].sort((a, b) => a - b);
    },
  });
  // Spacer rows stand in for the rows not rendered, before, between and after those that are.
  const body: ReactNode[] = [];
  const spacer = (key: string, height: number) =>
    height > 0 ? body.push(<tr key={key} aria-hidden="true" style={{ height }} />) : undefined;
  let cursor = margin;
  const items = windowed
    ? virtualizer.getVirtualItems()
    : shown.map(([name], index) => ({ index, key: name, start: 0, end: 0 }));
  const row = (name: string, index: number, isHidden: boolean, measured: boolean) => {
    const info = state.template.data?.field_data[name];
    return info ? (
      <MappingRow
        key={name}
        ref={measured ? virtualizer.measureElement : undefined}
        index={index}
        name={name}
        info={info}
        state={state}
        hasTable={hasTable}
        onFocus={keep}
        isHidden={isHidden}
      />
    ) : null;
  };
  for (const item of items) {
    const name = shown[item.index]?.[0];
    if (name === undefined) {
      continue;
    }
    if (windowed) {
      spacer(`gap-${item.index}`, item.start - cursor);
      cursor = item.end;
    }
    body.push(row(name, item.index, false, windowed));
  }
  if (windowed) {
    spacer('gap-end', margin + virtualizer.getTotalSize() - cursor);
  }
  for (const name of kept) {
    if (!shownIndex.has(name)) {
      body.push(row(name, -1, true, false));
    }
  }
  return (
    <div className="space-y-2">
      <FieldFilter
        value={filter}
        onChange={onFilterChange}
        shown={shown.length}
        total={fields.length}
        className="sticky top-14 z-10 -mx-1 bg-slate-50/95 px-1 py-1 lg:top-0"
      />
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
        {shown.length === 0 ? (
          <div className="p-4">
            <NoFieldsMatch query={filter} onClear={() => onFilterChange('')} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
