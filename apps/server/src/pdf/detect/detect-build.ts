// Turning the widgets found on every page into `field_data` entries keyed by full field name.
import { decodePdfName } from '@formbridge/contract/pdf-names';
import type { LabelPosition } from '@formbridge/contract/templates';
import type { RawWidget } from './detect-annotations.ts';
import type {
  DisplayedRect,
  FieldData,
  FieldInfo,
  FieldOption,
  WidgetInfo,
} from './detect-types.ts';

/** One widget as found on one page (a widget shared by several pages appears once per page). */
export type PlacedWidget = {
  page: number;
  raw: RawWidget;
  rect: DisplayedRect;
  label?: string;
  labelPosition?: LabelPosition;
  /** Printed texts that may caption the widget, best first, with where each sits (detect-layout.ts). */
  labelCandidates?: { text: string; position: LabelPosition }[];
  /** The section heading the widget sits under. */
  section?: string;
};

function defaultValue(raw: RawWidget): string | string[] | undefined {
  const value = raw.defaultValue;
  if (Array.isArray(value)) {
    const list = value.filter((v): v is string => typeof v === 'string');
    return list.length > 0 ? list : undefined;
  }
  if (typeof value !== 'string' || value === '') {
    return undefined;
  }
  // pdfjs reports "Off" for checkboxes/radios without /DV: that is no information.
  if ((raw.type === 'checkbox' || raw.type === 'radio') && value === 'Off') {
    return undefined;
  }
  return value;
}

function buttonOptions(widgets: PlacedWidget[]): FieldOption[] {
  const seen = new Set<string>();
  const options: FieldOption[] = [];
  for (const w of widgets) {
    const value = w.raw.onValue;
    if (value !== undefined && value !== 'Off' && !seen.has(value)) {
      seen.add(value);
      // The state name stays the value (it is what gets written); people read it decoded.
      options.push({ value, label: decodePdfName(value) });
    }
  }
  return options;
}

function newField(first: PlacedWidget): FieldInfo {
  const raw = first.raw;
  const field: FieldInfo = { type: raw.type, page: first.page, rect: first.rect, widgets: [] };
  if (raw.type === 'dropdown' || raw.type === 'list') {
    field.options = (raw.options ?? []).map((o) => ({
      value: o.exportValue,
      label: o.displayValue,
    }));
  }
  if (raw.type === 'text') {
    if (raw.multiline) {
      field.multiline = true;
    }
    if (raw.maxLength > 0) {
      field.max_length = raw.maxLength;
    }
    if (raw.comb) {
      field.comb = true;
    }
  }
  if (raw.required) {
    field.required = true;
  }
  if (raw.readOnly) {
    field.read_only = true;
  }
  if (raw.tooltip.trim() !== '') {
    field.tooltip = raw.tooltip;
  }
  const dv = defaultValue(raw);
  if (dv !== undefined) {
    field.default_value = dv;
  }
  if (first.label !== undefined) {
    field.label = first.label;
    if (first.labelPosition !== undefined) {
      field.label_position = first.labelPosition;
    }
  }
  if (first.labelCandidates !== undefined) {
    field.label_candidates = first.labelCandidates;
  }
  if (first.section !== undefined) {
    field.section = first.section;
  }
  return field;
}

/**
 * Group widgets (in page order, then /Annots order) by full field name. Two distinct field
 * objects with the same full name are one field for a filler keyed by name, so their widgets
 * are merged; the first widget decides the type and field-level properties.
 */
export function buildFieldData(placed: PlacedWidget[]): FieldData {
  const fields: FieldData = {};
  const groups = new Map<string, PlacedWidget[]>();
  for (const w of placed) {
    const group = groups.get(w.raw.fieldName);
    if (group) {
      group.push(w);
    } else {
      groups.set(w.raw.fieldName, [w]);
    }
  }
  for (const [name, group] of groups) {
    const first = group[0];
    if (first === undefined) {
      continue;
    }
    const field = newField(first);
    field.widgets = group.map((w): WidgetInfo => {
      const info: WidgetInfo = { page: w.page, rect: w.rect };
      if ((field.type === 'checkbox' || field.type === 'radio') && w.raw.onValue !== undefined) {
        info.on_value = w.raw.onValue;
      }
      return info;
    });
    if (field.type === 'checkbox' || field.type === 'radio') {
      const options = buttonOptions(group);
      if (options.length > 0) {
        field.options = options;
      }
    }
    if (field.label === undefined) {
      const labelled = group.find((w) => w.label !== undefined);
      if (labelled?.label !== undefined) {
        field.label = labelled.label;
        if (labelled.labelPosition !== undefined) {
          field.label_position = labelled.labelPosition;
        }
      }
    }
    fields[name] = field;
  }
  return fields;
}
