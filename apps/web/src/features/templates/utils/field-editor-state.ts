import type { EditorField } from '@formbridge/contract/field-candidates';
import type { FieldDataDto } from '@formbridge/contract/templates';

/** A field in the editor: proposed by the finder (not written unless accepted) or accepted. */
export type EditorItem = { key: string; field: EditorField; status: 'proposed' | 'accepted' };
export type Rect = EditorField['rect'];
export type PageSize = { width: number; height: number };

export type EditorState = { items: EditorItem[]; selectedKey: string | null; nextKey: number };

export type EditorAction =
  | { type: 'select'; key: string | null }
  | { type: 'acceptAbove'; threshold: number }
  | { type: 'accept'; key: string }
  | { type: 'reject'; key: string }
  | { type: 'update'; key: string; patch: Partial<EditorField> }
  | { type: 'add'; field: EditorField }
  | { type: 'remove'; key: string };

/** Smallest side of a field, in points: anything smaller cannot be clicked or filled. */
export const MIN_FIELD_SIZE = 4;

/** Page order, then top to bottom and left to right: the order the boxes are tabbed through. */
function byReadingOrder(a: EditorItem, b: EditorItem): number {
  const [fa, fb] = [a.field, b.field];
  return fa.page - fb.page || fa.rect[1] - fb.rect[1] || fa.rect[0] - fb.rect[0];
}

/** The editor's first state: the template's own fields accepted, the finder's proposed. */
export function initialEditorState(
  existing: readonly EditorField[],
  candidates: readonly EditorField[],
): EditorState {
  const items: EditorItem[] = [
    ...existing.map((field) => ({ field, status: 'accepted' as const })),
    ...candidates.map((field) => ({ field, status: 'proposed' as const })),
  ].map((item, index) => ({ ...item, key: `f${index + 1}` }));
  return { items: items.sort(byReadingOrder), selectedKey: null, nextKey: items.length + 1 };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const change = (key: string, edit: (item: EditorItem) => EditorItem) => ({
    ...state,
    items: state.items.map((item) => (item.key === key ? edit(item) : item)),
  });
  switch (action.type) {
    case 'select':
      return { ...state, selectedKey: action.key };
    case 'acceptAbove':
      return {
        ...state,
        items: state.items.map((item) =>
          item.status === 'proposed' && (item.field.confidence ?? 0) >= action.threshold
            ? { ...item, status: 'accepted' }
            : item,
        ),
      };
    case 'accept':
      return change(action.key, (item) => ({ ...item, status: 'accepted' }));
    case 'update':
      return change(action.key, (item) => ({ ...item, field: { ...item.field, ...action.patch } }));
    case 'add': {
      const key = `f${state.nextKey}`;
      const item: EditorItem = { key, field: action.field, status: 'accepted' };
      return {
        items: [...state.items, item].sort(byReadingOrder),
        selectedKey: key,
        nextKey: state.nextKey + 1,
      };
    }
    case 'reject':
    case 'remove':
      return {
        ...state,
        items: state.items.filter((item) => item.key !== action.key),
        selectedKey: state.selectedKey === action.key ? null : state.selectedKey,
      };
  }
}

/** `rect` moved by (dx, dy) points, kept whole on the page. */
export function moveRect(rect: Rect, dx: number, dy: number, page: PageSize): Rect {
  const [x0, y0, x1, y1] = rect;
  const x = Math.min(Math.max(x0 + dx, 0), page.width - (x1 - x0));
  const y = Math.min(Math.max(y0 + dy, 0), page.height - (y1 - y0));
  return [x, y, x + (x1 - x0), y + (y1 - y0)].map(round) as Rect;
}

/** `rect` with its right and bottom edges moved by (dw, dh), at least MIN_FIELD_SIZE, on the page. */
export function resizeRect(rect: Rect, dw: number, dh: number, page: PageSize): Rect {
  const [x0, y0, x1, y1] = rect;
  const right = Math.min(Math.max(x1 + dw, x0 + MIN_FIELD_SIZE), page.width);
  const bottom = Math.min(Math.max(y1 + dh, y0 + MIN_FIELD_SIZE), page.height);
  return [x0, y0, right, bottom].map(round) as Rect;
}

/** The box spanned by two corners (any order), clipped to the page. */
export function spanRect(ax: number, ay: number, bx: number, by: number, page: PageSize): Rect {
  const clip = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return [
    clip(Math.min(ax, bx), page.width),
    clip(Math.min(ay, by), page.height),
    clip(Math.max(ax, bx), page.width),
    clip(Math.max(ay, by), page.height),
  ].map(round) as Rect;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A name no field has yet: `field_1`, `field_2`, … */
export function freshFieldName(items: readonly EditorItem[]): string {
  const names = new Set(items.map((item) => item.field.name.trim()));
  let n = items.length + 1;
  while (names.has(`field_${n}`)) {
    n += 1;
  }
  return `field_${n}`;
}

/** A drawn box's first type: a small square is a checkbox, anything else text. */
export function drawnFieldType(rect: Rect): EditorField['type'] {
  const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
  return w <= 20 && h <= 20 && Math.abs(w - h) <= 4 ? 'checkbox' : 'text';
}

/**
 * The template's current fields as editor fields, one per widget (a radio group's buttons share
 * the name, each with its own export value), so saving keeps them. Push buttons have no editor
 * type and are counted in `skipped`.
 */
export function fieldDataToEditorFields(fieldData: FieldDataDto): {
  fields: EditorField[];
  skipped: number;
} {
  const fields: EditorField[] = [];
  let skipped = 0;
  for (const [name, info] of Object.entries(fieldData)) {
    if (info.type === 'button') {
      skipped += 1;
      continue;
    }
    const widgets = info.widgets.length > 0 ? info.widgets : [{ page: info.page, rect: info.rect }];
    for (const widget of widgets) {
      const field: EditorField = {
        page: widget.page + 1,
        rect: widget.rect,
        type: info.type,
        name,
        label: info.label ?? '',
      };
      if (info.type === 'text') {
        field.type = info.comb && info.max_length ? 'comb' : info.multiline ? 'multiline' : 'text';
        if (info.max_length) {
          field.max_len = info.max_length;
        }
      } else if (info.type === 'radio') {
        const value = 'on_value' in widget ? widget.on_value : undefined;
        field.options = value ? [{ value, label: value }] : [];
      } else if (info.type === 'dropdown' || info.type === 'list') {
        field.options = info.options ?? [];
      }
      fields.push(field);
    }
  }
  return { fields, skipped };
}

/** What Save writes: the accepted fields in reading order, the editor's bookkeeping left out. */
export function fieldsToWrite(items: readonly EditorItem[]): EditorField[] {
  return items
    .filter((item) => item.status === 'accepted')
    .map(({ field }) => {
      const written: EditorField = { ...field, name: field.name.trim() };
      delete written.confidence;
      if (field.type !== 'comb' && field.type !== 'text' && field.type !== 'multiline') {
        delete written.max_len;
      }
      if (!['radio', 'dropdown', 'list'].includes(field.type)) {
        delete written.options;
      }
      return written;
    });
}
