import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Children,
  isValidElement,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import { components, type GroupBase, type MenuListProps } from 'react-select';

/** Menus with up to this many rows (options and group headings) render every row. */
export const VIRTUAL_MENU_THRESHOLD = 100;
const ROW_HEIGHT = 36;

type Row = { key: string; node: ReactNode; isFocused: boolean };

type GroupElementProps = {
  Heading?: ComponentType<Record<string, unknown>>;
  headingProps?: Record<string, unknown>;
  label?: ReactNode;
  children?: ReactNode;
  isFocused?: boolean;
  innerProps?: unknown;
};

/**
 * react-select hands the menu its groups, each holding its options; a long menu lays them out
 * as one list of rows (each group's heading, then its options) so only the rows in view render.
 */
function toRows(children: ReactNode): Row[] {
  const rows: Row[] = [];
  Children.forEach(children, (child, index) => {
    if (!isValidElement<GroupElementProps>(child)) {
      rows.push({ key: `node-${index}`, node: child, isFocused: false });
      return;
    }
    const { Heading, headingProps, label, children: options, innerProps, ...common } = child.props;
    void innerProps;
    if (!Heading || !headingProps) {
      rows.push({
        key: String(child.key ?? index),
        node: child,
        isFocused: !!child.props.isFocused,
      });
      return;
    }
    rows.push({
      key: `group-${String(child.key ?? index)}`,
      node: (
        <Heading {...common} {...headingProps}>
          {label}
        </Heading>
      ),
      isFocused: false,
    });
    Children.forEach(options, (option, optionIndex) => {
      const isFocused = isValidElement<{ isFocused?: boolean }>(option) && !!option.props.isFocused;
      const key = isValidElement(option) ? String(option.key) : `${index}-${optionIndex}`;
      rows.push({ key, node: option, isFocused });
    });
  });
  return rows;
}

/** A react-select MenuList that renders only the rows in view once the menu is long. */
export function VirtualMenuList<Option, IsMulti extends boolean, Group extends GroupBase<Option>>(
  props: MenuListProps<Option, IsMulti, Group>,
) {
  const rows = toRows(props.children);
  if (rows.length <= VIRTUAL_MENU_THRESHOLD) {
    return <components.MenuList {...props} />;
  }
  return <LongMenuList {...props} rows={rows} />;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') {
    ref(value);
  } else if (ref) {
    (ref as { current: T | null }).current = value;
  }
}

function LongMenuList<Option, IsMulti extends boolean, Group extends GroupBase<Option>>({
  rows,
  ...props
}: MenuListProps<Option, IsMulti, Group> & { rows: Row[] }) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 10,
    initialRect: { width: 300, height: props.maxHeight },
    useFlushSync: false,
  });
  // Arrow keys move react-select's focus past the rows in view: bring the focused one in.
  const focusedIndex = rows.findIndex((row) => row.isFocused);
  useEffect(() => {
    if (focusedIndex >= 0) {
      virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
    }
  }, [focusedIndex, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <components.MenuList
      {...props}
      innerRef={(element: HTMLDivElement | null) => {
        scrollRef.current = element;
        assignRef(props.innerRef, element);
      }}
    >
      {/* Rows stay in the flow between two spacers, so react-select's own scrolling to the
          focused option (offsetTop within the list) keeps working. */}
      <div style={{ paddingTop: before, paddingBottom: after }}>
        {items.map((item) => (
          <div key={item.key} ref={virtualizer.measureElement} data-index={item.index}>
            {rows[item.index]?.node}
          </div>
        ))}
      </div>
    </components.MenuList>
  );
}
