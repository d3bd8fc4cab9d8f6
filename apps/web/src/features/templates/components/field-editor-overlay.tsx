import { EDITOR_FIELD_TYPE_LABELS } from '@formbridge/contract/field-candidates';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { usePointerDrag } from '../hooks/use-pointer-drag';
import {
  MIN_FIELD_SIZE,
  moveRect,
  resizeRect,
  spanRect,
  type EditorItem,
  type PageSize,
  type Rect,
} from '../utils/field-editor-state';

export type EditorTool = 'select' | 'draw';

type Props = {
  items: EditorItem[];
  selectedKey: string | null;
  page: PageSize;
  scale: number;
  tool: EditorTool;
  threshold: number;
  onSelect: (key: string | null) => void;
  onRect: (key: string, rect: Rect) => void;
  onRemove: (key: string) => void;
  onDraw: (rect: Rect) => void;
};

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function boxStyle(item: EditorItem, isSelected: boolean, threshold: number): string {
  if (isSelected) {
    return 'border-2 border-blue-600 bg-blue-500/25 ring-2 ring-blue-300';
  }
  if (item.status === 'accepted') {
    return 'border-2 border-green-600 bg-green-500/20';
  }
  return (item.field.confidence ?? 0) >= threshold
    ? 'border-2 border-dashed border-amber-500 bg-amber-300/25'
    : 'border border-dashed border-slate-400 bg-slate-300/10 opacity-70';
}

export function describeItem(item: EditorItem): string {
  const { field } = item;
  const what = `${EDITOR_FIELD_TYPE_LABELS[field.type]} "${field.name || 'unnamed'}"`;
  return item.status === 'accepted'
    ? what
    : `Proposed ${what}, ${Math.round((field.confidence ?? 0) * 100)}% sure`;
}

/**
 * The boxes of one page over its rendering, in page points × scale. Drag a box to move it, its
 * corner to resize it; with the Draw tool, drag on the page to draw a field. Keyboard: Tab goes
 * through the boxes in reading order, arrows move the focused box by a point, Shift+arrows
 * resize it, Delete removes it.
 */
export function FieldEditorOverlay(props: Props) {
  const { items, selectedKey, page, scale, tool, threshold } = props;
  const startDrag = usePointerDrag(scale);
  const [drawing, setDrawing] = useState<Rect | null>(null);

  const onBoxPointerDown = (event: PointerEvent, item: EditorItem, isResize: boolean) => {
    // The drag's preventDefault also stops the browser focusing the box; focus it so the
    // arrow keys work on what was just clicked.
    (event.currentTarget as HTMLElement).closest('button')?.focus();
    props.onSelect(item.key);
    const start = item.field.rect;
    const apply = (dx: number, dy: number) => {
      if (dx !== 0 || dy !== 0) {
        // A click is a selection, not an edit.
        props.onRect(
          item.key,
          isResize ? resizeRect(start, dx, dy, page) : moveRect(start, dx, dy, page),
        );
      }
    };
    startDrag(event, { onMove: apply, onEnd: apply });
  };

  const onPagePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (tool !== 'draw') {
      props.onSelect(null);
      return;
    }
    const bounds = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - bounds.left) / scale;
    const y = (event.clientY - bounds.top) / scale;
    const span = (dx: number, dy: number) => spanRect(x, y, x + dx, y + dy, page);
    startDrag(event, {
      onMove: (dx, dy) => setDrawing(span(dx, dy)),
      onEnd: (dx, dy) => {
        setDrawing(null);
        const rect = span(dx, dy);
        if (rect[2] - rect[0] >= MIN_FIELD_SIZE && rect[3] - rect[1] >= MIN_FIELD_SIZE) {
          props.onDraw(rect);
        }
      },
    });
  };

  const onBoxKeyDown = (event: KeyboardEvent, item: EditorItem) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const [dx, dy] = arrow;
      const rect = event.shiftKey
        ? resizeRect(item.field.rect, dx, dy, page)
        : moveRect(item.field.rect, dx, dy, page);
      props.onRect(item.key, rect);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onRemove(item.key);
    }
  };

  return (
    <div
      className={`absolute inset-0 ${tool === 'draw' ? 'cursor-crosshair touch-none' : ''}`}
      data-testid="field-editor-overlay"
      onPointerDown={onPagePointerDown}
    >
      {items.map((item) => {
        const [left, top, right, bottom] = item.field.rect;
        const isSelected = item.key === selectedKey;
        return (
          <button
            key={item.key}
            type="button"
            data-editor-key={item.key}
            data-status={item.status}
            aria-label={describeItem(item)}
            aria-pressed={isSelected}
            title={describeItem(item)}
            onFocus={() => props.onSelect(item.key)}
            onKeyDown={(event) => onBoxKeyDown(event, item)}
            onPointerDown={(event) => onBoxPointerDown(event, item, false)}
            className={`absolute cursor-move touch-none rounded-sm focus:outline-none ${boxStyle(item, isSelected, threshold)}`}
            style={{
              left: left * scale,
              top: top * scale,
              width: Math.max(4, (right - left) * scale),
              height: Math.max(4, (bottom - top) * scale),
            }}
          >
            {isSelected ? (
              <span
                data-resize-handle
                aria-hidden="true"
                onPointerDown={(event) => onBoxPointerDown(event, item, true)}
                className="absolute -right-2 -bottom-2 h-4 w-4 cursor-nwse-resize rounded-sm border-2 border-white bg-blue-600"
              />
            ) : null}
          </button>
        );
      })}
      {drawing ? (
        <div
          data-testid="drawing-box"
          className="pointer-events-none absolute border-2 border-blue-500 bg-blue-400/20"
          style={{
            left: drawing[0] * scale,
            top: drawing[1] * scale,
            width: (drawing[2] - drawing[0]) * scale,
            height: (drawing[3] - drawing[1]) * scale,
          }}
        />
      ) : null}
    </div>
  );
}
