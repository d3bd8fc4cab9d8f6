// Writes a reviewed field list into a PDF as a real AcroForm (issue 29): one field per entry with
// its widget, appearance stream, /DA, /MaxLen (combs), /Opt (choices), so every viewer and every
// other tool sees the fields. The list is the whole form: fields and widgets already in the file
// are removed first. Pure: bytes in, bytes out.
import type { EditorField } from '@formbridge/contract/field-candidates';
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { PdfInputError } from '../detect/detect-errors.ts';
import { FieldWriteError } from './field-write-error.ts';
import { toUserRect } from './user-space.ts';

/** Remove /AcroForm and every widget annotation: the written list replaces them. */
function removeExistingForm(doc: PDFDocument): void {
  doc.catalog.delete(PDFName.of('AcroForm'));
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) {
      continue;
    }
    const kept = annots.asArray().filter((ref) => {
      const annot = doc.context.lookup(ref);
      return !(
        annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget')
      );
    });
    page.node.set(PDFName.of('Annots'), doc.context.obj(kept));
  }
}

function placement(page: PDFPage, field: EditorField, font: PDFFont) {
  const { x, y, width, height } = toUserRect(field.rect, page);
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  // No border and no background: the page already draws the box, the rule or the cell.
  return {
    x,
    y,
    width,
    height,
    font,
    borderWidth: 0,
    backgroundColor: undefined,
    borderColor: undefined,
    rotate: degrees(rotation),
  };
}

function radioValue(field: EditorField, index: number): string {
  return field.options?.[0]?.value || field.label?.trim() || `Choice ${index + 1}`;
}

/** Add every field of `fields` to the document. */
function addFields(doc: PDFDocument, fields: readonly EditorField[], font: PDFFont): void {
  const form = doc.getForm();
  const pages = doc.getPages();
  const radios = new Map<string, ReturnType<typeof form.createRadioGroup>>();
  const radioCounts = new Map<string, number>();
  for (const field of fields) {
    const page = pages[field.page - 1];
    if (!page) {
      continue; // checked before writing (checkFieldLayout)
    }
    const name = field.name.trim();
    const at = placement(page, field, font);
    switch (field.type) {
      case 'checkbox':
        form.createCheckBox(name).addToPage(page, at);
        break;
      case 'radio': {
        const group = radios.get(name) ?? form.createRadioGroup(name);
        radios.set(name, group);
        const count = radioCounts.get(name) ?? 0;
        radioCounts.set(name, count + 1);
        group.addOptionToPage(radioValue(field, count), page, at);
        break;
      }
      case 'dropdown':
      case 'list': {
        const options = (field.options ?? []).map((o) => o.value);
        const choice =
          field.type === 'dropdown' ? form.createDropdown(name) : form.createOptionList(name);
        choice.setOptions(options);
        choice.addToPage(page, at);
        break;
      }
      default: {
        const text = form.createTextField(name);
        if (field.type === 'multiline') {
          text.enableMultiline();
        }
        if (field.max_len !== undefined) {
          text.setMaxLength(field.max_len);
        }
        if (field.type === 'comb') {
          text.enableCombing();
        }
        text.addToPage(page, at);
      }
    }
  }
}

/**
 * The PDF with `fields` as its AcroForm (existing fields replaced). Throws PdfInputError when the
 * bytes cannot be read and FieldWriteError when the file is encrypted.
 */
export async function writeFields(
  bytes: Uint8Array,
  fields: readonly EditorField[],
): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (error) {
    throw new PdfInputError('damaged', { cause: error });
  }
  if (doc.isEncrypted) {
    throw new FieldWriteError(
      'This PDF is encrypted: fields cannot be written into it. Upload a copy without encryption.',
    );
  }
  removeExistingForm(doc);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  addFields(doc, fields, font);
  return doc.save({ updateFieldAppearances: true });
}
