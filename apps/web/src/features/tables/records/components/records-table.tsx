import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { shortenId } from '@formbridge/contract/display-name';
import { computeCombinationValue } from '@formbridge/contract/combination';
import { readValue } from '@formbridge/contract/records-values';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import type { LinkedTable } from '../hooks/use-linked-tables';
import { useRecordPages } from '../hooks/use-record-pages';
import { CombinationCell, RecordCell } from './record-cell';

export type RecordsTableProps = {
  table: TableResponse;
  /** How many records the table holds; the rows in view are read from the server by page. */
  recordCount: number;
  linkedTables: ReadonlyMap<string, LinkedTable>;
  /** Absent for a Viewer: the row has no Edit or Delete. */
  onEdit?: ((record: RecordResponse) => void) | undefined;
  onDelete?: ((record: RecordResponse) => void) | undefined;
  /** A Viewer's way in: the record read-only, with its history. */
  onView?: ((record: RecordResponse) => void) | undefined;
  /**
   * Slot for the 'Generate Forms' row action (spec §2: shown only when a template maps to this
   * table). The generation issue renders its button here; it appears before Edit Record.
   */
  renderGenerateFormsAction?: (record: RecordResponse) => ReactNode;
};

const ROW_HEIGHT = 45;
/** Past this many columns only those in view are rendered, each this wide. */
const WIDE_TABLE_COLUMNS = 40;
const COLUMN_WIDTH = 192;
const SLOT_TEXT = {
  loading: 'Loading...',
  failed: 'Failed to load table records',
  gone: '',
} as const;
const CELL = 'max-w-xs truncate px-4 py-2.5 whitespace-nowrap';
// On wide screens row actions stay in view however wide the table scrolls; on a phone a pinned
// column would take most of the width, so it scrolls with the row.
const ACTIONS =
  'px-4 text-right whitespace-nowrap lg:sticky lg:right-0 lg:shadow-[inset_1px_0] lg:shadow-slate-200';

/**
 * The records table. Only the rows in view (plus a margin) are in the DOM, with spacer rows
 * standing in for the rest, and only the pages those rows fall in are fetched, so 10,000 records
 * scroll as smoothly as 10 and opening the table reads one page, not the whole table.
 */
export function RecordsTable(props: RecordsTableProps) {
  const { table, recordCount, linkedTables, onEdit, onDelete, onView, renderGenerateFormsAction } =
    props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer is read afresh on every render by design; nothing here relies on memoizing it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: recordCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Lets the first rows render before layout is measured (and in tests without layout).
    initialRect: { width: 1024, height: 640 },
    useFlushSync: false,
  });
  // A 1,000-field table: the columns in view only, or a row would be 1,000 cells.
  const columnCount = table.fields.length + table.combination_rules.length;
  const isWide = columnCount > WIDE_TABLE_COLUMNS;
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: isWide ? columnCount : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 4,
    initialRect: { width: 1024, height: 640 },
    useFlushSync: false,
  });
  const columnItems = columnVirtualizer.getVirtualItems();
  const shown = isWide
    ? columnItems.map((item) => item.index)
    : Array.from({ length: columnCount }, (_, index) => index);
  const padLeft = isWide ? (columnItems[0]?.start ?? 0) : 0;
  const padRight = isWide ? columnVirtualizer.getTotalSize() - (columnItems.at(-1)?.end ?? 0) : 0;
  const width = isWide
    ? { width: COLUMN_WIDTH, minWidth: COLUMN_WIDTH, maxWidth: COLUMN_WIDTH }
    : {};
  const pad = (size: number, header: boolean) => {
    if (size <= 0) {
      return null;
    }
    const style = { width: size, minWidth: size };
    return header ? (
      <th aria-hidden="true" style={style} />
    ) : (
      <td aria-hidden="true" style={style} />
    );
  };
  const items = virtualizer.getVirtualItems();
  const recordAt = useRecordPages(
    table.id,
    items.map((item) => item.index),
  );
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spanned = shown.length + 2 + (padLeft > 0 ? 1 : 0) + (padRight > 0 ? 1 : 0);
  const spacer = (height: number) => (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={spanned} />
    </tr>
  );

  return (
    <div
      ref={scrollRef}
      className="max-h-[70vh] overflow-auto"
      tabIndex={0}
      role="region"
      aria-label="Records table"
    >
      <table className="min-w-full text-sm" aria-rowcount={recordCount + 1}>
        <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 shadow-[inset_0_-1px_0] shadow-slate-200">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-4 py-2">
              ID
            </th>
            {pad(padLeft, true)}
            {shown.map((index) => {
              const column =
                table.fields[index] ?? table.combination_rules[index - table.fields.length];
              return column ? (
                <th
                  key={column.name}
                  scope="col"
                  className={CELL}
                  style={width}
                  title={column.name}
                >
                  {column.label}
                </th>
              ) : null;
            })}
            {pad(padRight, true)}
            <th scope="col" className={`${ACTIONS} bg-slate-50 py-2`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {paddingTop > 0 ? spacer(paddingTop) : null}
          {items.map((item) => {
            const slot = recordAt(item.index);
            if (slot.state !== 'ready') {
              return (
                <tr
                  key={`slot-${item.index}`}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                >
                  <td colSpan={spanned} className="px-4 py-2.5 text-slate-500">
                    {SLOT_TEXT[slot.state]}
                  </td>
                </tr>
              );
            }
            const record = slot.record;
            return (
              <tr
                key={record.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className="group hover:bg-slate-50"
              >
                <td className="px-4 py-2.5 font-mono text-xs text-slate-500" title={record.id}>
                  {shortenId(record.id)}
                </td>
                {pad(padLeft, false)}
                {shown.map((index) => {
                  const field = table.fields[index];
                  const rule = table.combination_rules[index - table.fields.length];
                  return field ? (
                    <td key={field.name} className={CELL} style={width}>
                      <RecordCell
                        field={field}
                        value={readValue(record.data, field.name)}
                        linked={
                          field.linked_table_id
                            ? linkedTables.get(field.linked_table_id)?.data
                            : undefined
                        }
                      />
                    </td>
                  ) : rule ? (
                    <td key={rule.name} className={CELL} style={width}>
                      <CombinationCell
                        value={
                          record.computed.combinations[rule.name] ??
                          computeCombinationValue(rule, record.data)
                        }
                      />
                    </td>
                  ) : null;
                })}
                {pad(padRight, false)}
                <td className={`${ACTIONS} bg-white py-1.5 group-hover:bg-slate-50`}>
                  {renderGenerateFormsAction?.(record)}
                  {onEdit ? (
                    <button
                      type="button"
                      aria-label="Edit Record"
                      onClick={() => onEdit(record)}
                      className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50"
                    >
                      Edit
                    </button>
                  ) : null}
                  {onView && !onEdit ? (
                    <button
                      type="button"
                      aria-label="View Record"
                      onClick={() => onView(record)}
                      className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50"
                    >
                      View
                    </button>
                  ) : null}
                  {onDelete ? (
                    <button
                      type="button"
                      aria-label="Delete Record"
                      onClick={() => onDelete(record)}
                      className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50"
                    >
                      Delete
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
          {paddingBottom > 0 ? spacer(paddingBottom) : null}
        </tbody>
      </table>
    </div>
  );
}
