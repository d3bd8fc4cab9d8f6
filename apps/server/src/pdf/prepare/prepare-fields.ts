import { type PDFDict, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import type { PDFContext } from '@cantoo/pdf-lib';
import {
  asDict,
  getArray,
  getDict,
  getName,
  getText,
  inherited,
  pdfName,
} from './prepare-objects.ts';

// The form's field tree as the fill engine sees it: terminal fields and their widgets.

/** Field types in the vocabulary of the contract (choice split into combo and list). */
export type FieldKind =
  'text' | 'checkbox' | 'radio' | 'combo' | 'list' | 'signature' | 'button' | 'unknown';

/** One widget annotation of a field and the pages whose /Annots hold it. */
export interface FormWidget {
  dict: PDFDict;
  pages: PDFDict[];
}

/** One terminal field: the dictionary that carries /V, and its widgets. */
export interface FormField {
  /** Fully qualified name, as pdftk prints it (partial names joined with '.'). */
  name: string;
  dict: PDFDict;
  kind: FieldKind;
  /** /Ff, inherited. */
  flags: number;
  widgets: FormWidget[];
}

export const FIELD_FLAGS = {
  readOnly: 1 << 0,
  multiline: 1 << 12,
  password: 1 << 13,
  noToggleToOff: 1 << 14,
  radio: 1 << 15,
  pushButton: 1 << 16,
  combo: 1 << 17,
  edit: 1 << 18,
  multiSelect: 1 << 21,
  comb: 1 << 24,
} as const;

function fieldKind(context: PDFContext, dict: PDFDict): { kind: FieldKind; flags: number } {
  const type = inherited(context, dict, 'FT');
  const flagsObject = inherited(context, dict, 'Ff');
  const flags = flagsObject instanceof PDFNumber ? flagsObject.asNumber() : 0;
  const typeName = type instanceof PDFName ? type.decodeText() : undefined;
  switch (typeName) {
    case 'Tx':
      return { kind: 'text', flags };
    case 'Btn':
      if (flags & FIELD_FLAGS.pushButton) {
        return { kind: 'button', flags };
      }
      return { kind: flags & FIELD_FLAGS.radio ? 'radio' : 'checkbox', flags };
    case 'Ch':
      return { kind: flags & FIELD_FLAGS.combo ? 'combo' : 'list', flags };
    case 'Sig':
      return { kind: 'signature', flags };
    default:
      return { kind: 'unknown', flags };
  }
}

/** A widget annotation, or a bare field/widget dictionary that has a rectangle and no kids. */
export function isWidget(context: PDFContext, dict: PDFDict): boolean {
  const subtype = getName(context, dict, 'Subtype');
  if (subtype) {
    return subtype.decodeText() === 'Widget';
  }
  return dict.has(pdfName('Rect')) && !dict.has(pdfName('Kids'));
}

// Walks /AcroForm /Fields, repairing as it goes: loops and doubly-claimed kids are unlinked,
// bogus /Kids on widgets are dropped. Results are terminal fields with their widgets.
export class FieldTreeWalker {
  readonly fields: FormField[] = [];
  readonly visited = new Set<PDFDict>();
  readonly names = new Map<PDFDict, string>();
  readonly fieldOf = new Map<PDFDict, FormField>();
  readonly context: PDFContext;
  readonly pagesOf: Map<PDFDict, PDFDict[]>;
  repairs = 0;

  constructor(context: PDFContext, pagesOf: Map<PDFDict, PDFDict[]>) {
    this.context = context;
    this.pagesOf = pagesOf;
  }

  visit(node: PDFDict, prefix: string): void {
    const { context } = this;
    this.visited.add(node);
    const partial = getText(context, node, 'T');
    const name = partial === undefined ? prefix : prefix ? `${prefix}.${partial}` : partial;
    this.names.set(node, name);
    const kids = getArray(context, node, 'Kids');
    if (!kids || kids.size() === 0) {
      this.addField(node, name, isWidget(context, node) ? [node] : []);
      return;
    }
    const widgets: PDFDict[] = [];
    for (let index = kids.size() - 1; index >= 0; index -= 1) {
      const kid = asDict(context, kids.get(index));
      if (!kid) {
        continue;
      }
      if (this.visited.has(kid)) {
        // A loop, or a kid claimed by two parents: keep the first claim only.
        kids.remove(index);
        this.repairs += 1;
      } else if (kid.has(pdfName('T'))) {
        this.visit(kid, name);
      } else if (isWidget(context, kid)) {
        this.visited.add(kid);
        this.dropForeignKids(kid);
        widgets.unshift(kid);
      } else if (kid.has(pdfName('Kids'))) {
        this.visit(kid, name);
      }
    }
    if (widgets.length > 0) {
      this.addField(node, name, widgets);
    }
  }

  /** A widget has no business having /Kids; drop those whose /Parent is someone else. */
  private dropForeignKids(widget: PDFDict): void {
    const kids = getArray(this.context, widget, 'Kids');
    if (!kids) {
      return;
    }
    for (let index = kids.size() - 1; index >= 0; index -= 1) {
      const kid = asDict(this.context, kids.get(index));
      if (!kid || getDict(this.context, kid, 'Parent') !== widget) {
        kids.remove(index);
        this.repairs += 1;
      }
    }
    if (kids.size() === 0) {
      widget.delete(pdfName('Kids'));
    }
  }

  addField(dict: PDFDict, name: string, widgetDicts: PDFDict[]): FormField {
    const existing = this.fieldOf.get(dict);
    const widgets = widgetDicts.map((widget) => ({
      dict: widget,
      pages: this.pagesOf.get(widget) ?? [],
    }));
    if (existing) {
      existing.widgets.push(...widgets);
      return existing;
    }
    const field: FormField = { name, dict, ...fieldKind(this.context, dict), widgets };
    this.fields.push(field);
    this.fieldOf.set(dict, field);
    return field;
  }
}
