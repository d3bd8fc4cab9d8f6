import type { FieldInfoDto } from '@formbridge/contract/templates';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { VIRTUAL_LIST_THRESHOLD } from '../../../components/ui/virtual-list';
import { FieldCaption } from './field-caption';

/** A first guess of one row's height in pixels, and the space between rows (space-y-1). */
const ROW_ESTIMATE = 62;
const ROW_GAP = 4;

/** A request to bring a field's row into view; a new `seq` asks again for the same field. */
export type RevealRequest = { name: string; seq: number };

type Props = {
  /** The fields the filter keeps, in form order. */
  fields: ReadonlyArray<[string, FieldInfoDto]>;
  /** How many fields the form has: windowing is decided on the whole form, so that typing in
   * the filter never switches modes. */
  total: number;
  targetText: (name: string) => string | null;
  selected: string | null;
  highlighted: string | null;
  onSelect: (name: string) => void;
  reveal: RevealRequest | null;
};

/** Where a row sits in the list's scroll box, or null when it is not rendered. */
function rowOffset(list: HTMLElement, name: string): { top: number; height: number } | null {
  const row = list.querySelector<HTMLElement>(`[data-field-row="${CSS.escape(name)}"]`);
  if (!row) {
    return null;
  }
  const top = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  return { top, height: row.offsetHeight };
}

function isInView(list: HTMLElement, row: { top: number; height: number }): boolean {
  return row.top >= list.scrollTop && row.top + row.height <= list.scrollTop + list.clientHeight;
}

/**
 * The side panel's list of fields. On a long form (over 60 fields) only the rows near the list's
 * view are rendered, as in the table view: 925 rows of the largest tax return took seconds to
 * lay out, and the page stayed slow to scroll and search.
 */
export function FieldRowList(props: Props) {
  const { fields, total, targetText, selected, highlighted, onSelect, reveal } = props;
  const isWindowed = total > VIRTUAL_LIST_THRESHOLD;
  // The element that scrolls: the list itself when short; a box around it when windowed, since
  // the padding that stands in for the rows not rendered cannot sit on the scrolling box itself
  // (a box is never smaller than its padding, so the list would grow instead of scrolling).
  const listRef = useRef<HTMLElement>(null);
  // The virtualizer is read afresh on every render by design; nothing here relies on memoizing it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: fields.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => fields[index]?.[0] ?? index,
    gap: ROW_GAP,
    overscan: 8,
    enabled: isWindowed,
    initialRect: { width: 352, height: 600 },
    useFlushSync: false,
  });
  // Each request is served once: later changes to the list (a field mapped) leave the scroll be.
  const served = useRef<number | null>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!reveal || served.current === reveal.seq || !list) {
      return;
    }
    served.current = reveal.seq;
    const index = fields.findIndex(([name]) => name === reveal.name);
    if (index < 0) {
      return;
    }
    // The list scrolls inside its own panel, never the window; a row already in view stays put.
    const row = rowOffset(list, reveal.name);
    if (row && isInView(list, row)) {
      return;
    }
    if (isWindowed) {
      virtualizer.scrollToIndex(index, { align: 'center' });
    } else if (row) {
      list.scrollTop = Math.max(0, row.top - list.clientHeight / 3);
    }
  }, [reveal, fields, isWindowed, virtualizer]);

  const items = isWindowed
    ? virtualizer.getVirtualItems()
    : fields.map(([name], index) => ({ index, key: name, start: 0, end: 0 }));
  const first = items[0];
  const last = items.at(-1);
  const rows = (
    <>
      {items.map((item) => {
        const entry = fields[item.index];
        if (!entry) {
          return null;
        }
        const [name, info] = entry;
        const target = targetText(name);
        return (
          <li
            key={item.key}
            ref={isWindowed ? virtualizer.measureElement : undefined}
            data-index={item.index}
          >
            <button
              type="button"
              data-field-row={name}
              onClick={() => onSelect(name)}
              className={`w-full rounded-md px-3 py-2 text-left transition-colors ${
                name === selected ? 'ring-2 ring-blue-500' : ''
              } ${highlighted === name ? 'bg-blue-100' : 'hover:bg-slate-50'}`}
            >
              <FieldCaption name={name} info={info} />
              <span className="mt-1 flex justify-between gap-2 text-xs">
                <span className="text-slate-500">Page {info.page + 1}</span>
                <span className={target ? 'truncate text-green-700' : 'text-slate-500'}>
                  {target ?? 'Not mapped'}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </>
  );
  if (!isWindowed) {
    return (
      <ul
        ref={(node) => {
          listRef.current = node;
        }}
        aria-label="PDF fields"
        className="min-h-32 flex-1 space-y-1 overflow-y-auto overscroll-contain"
      >
        {rows}
      </ul>
    );
  }
  return (
    <div
      ref={(node) => {
        listRef.current = node;
      }}
      className="min-h-32 flex-1 overflow-y-auto overscroll-contain"
    >
      <ul
        aria-label="PDF fields"
        className="space-y-1"
        style={{
          paddingTop: first?.start ?? 0,
          paddingBottom: Math.max(0, virtualizer.getTotalSize() - (last?.end ?? 0)),
        }}
      >
        {rows}
      </ul>
    </div>
  );
}
