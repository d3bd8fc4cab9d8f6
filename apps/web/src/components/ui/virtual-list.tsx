import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useEffect, useRef, type Key, type ReactNode } from 'react';

/** Lists up to this long render every item; longer ones only the items in view. */
export const VIRTUAL_LIST_THRESHOLD = 60;

type Props = {
  count: number;
  /** The unfiltered list's length when `count` is filtered: a long list stays windowed while filtered. */
  total?: number;
  /** A first guess of one item's height in pixels; items are measured once shown. */
  estimateSize: number;
  renderItem: (index: number) => ReactNode;
  /** A stable key per item (a row id), so inputs stay with their row when rows are removed. */
  getKey: (index: number) => Key;
  /** Scrolls this item into view when it changes (the first field with an error). */
  scrollToIndex?: number | null;
  /** Accessible name of the scrolling region of a long list. */
  label: string;
  /** Classes of the wrapper of each item in a long list (the spacing a short one gets from its parent). */
  itemClassName?: string;
};

/**
 * A vertical list of form rows. Short lists are plain; a long one (a 1,000-field table) scrolls
 * in its own region that holds only the rows in view, so opening it stays fast.
 */
export function VirtualList(props: Props) {
  if ((props.total ?? props.count) <= VIRTUAL_LIST_THRESHOLD) {
    return (
      <>
        {Array.from({ length: props.count }, (_, index) => (
          <Fragment key={props.getKey(index)}>{props.renderItem(index)}</Fragment>
        ))}
      </>
    );
  }
  return <LongList {...props} />;
}

function LongList(props: Props) {
  const { count, estimateSize, renderItem, getKey, label, itemClassName, scrollToIndex } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer is read afresh on every render by design; nothing here relies on memoizing it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: getKey,
    overscan: 8,
    initialRect: { width: 800, height: 600 },
    useFlushSync: false,
  });
  useEffect(() => {
    if (scrollToIndex !== undefined && scrollToIndex !== null) {
      virtualizer.scrollToIndex(scrollToIndex, { align: 'start' });
    }
  }, [scrollToIndex, virtualizer]);
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-[60vh] overflow-y-auto pr-1"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={`absolute left-0 top-0 w-full ${itemClassName ?? ''}`}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {renderItem(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
