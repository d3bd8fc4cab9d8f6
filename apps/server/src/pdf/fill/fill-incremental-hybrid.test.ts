import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasTool, pdftkFields, popplerText, qpdfCheck, squash } from '../../../test/pdf-oracles.ts';
import { fillForm, planTemplate } from './fill-form.ts';
import { buildForm, fieldDict, valueOf } from './fill-test-forms.ts';
import { withPdfjsDocument } from '../detect/pdf-pdfjs.ts';
import { readStartXref, readXrefBase } from '../objects/pdf-xref.ts';

// A hybrid file (PDF 7.5.8.4) lists its plain objects in a classic table and hides the ones in
// object streams in a cross-reference stream named by the table trailer's /XRefStm. Acrobat and
// qpdf append a table section to such a file; so does the fill, and every reader must still
// find every object, the hidden ones included.

const VALUES = { name: 'Zoë Ñandú', city: '東京', agree: true };

const haveMutool = !spawnSync('mutool', ['-v']).error;

/** The page's text as MuPDF draws it, widget appearances included. */
function mupdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'fb-hybrid-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    const output = spawnSync(
      'mutool',
      ['draw', '-q', '-F', 'txt', '-o', '-', join(dir, 'in.pdf')],
      {
        encoding: 'utf8',
      },
    );
    return output.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

/**
 * A pdf-lib file saved with object streams, turned hybrid: a table section listing the objects
 * that sit plainly in the file, whose trailer names the original xref stream with /XRefStm.
 * Without `xrefStm` the section is a table only, and the objects in object streams are listed
 * nowhere.
 */
async function hybridForm({ xrefStm = true } = {}): Promise<{ bytes: Uint8Array; table: number }> {
  const streamed = await buildForm(
    ({ form, page }) => {
      form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
      form.createTextField('city').addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
      form.createCheckBox('agree').addToPage(page, { x: 20, y: 620, width: 20, height: 20 });
    },
    (doc) => doc.save({ useObjectStreams: true }),
  );
  const text = latin1(streamed);
  const stream = readStartXref(streamed) ?? -1;
  const dict = text.slice(stream, text.indexOf('stream', stream));
  const size = /\/Size (\d+)/.exec(dict)?.[1];
  const root = /\/Root (\d+ \d+ R)/.exec(dict)?.[1];
  const offsets = new Map<number, number>();
  for (const match of text.matchAll(/(?<=^|[\r\n])(\d+) 0 obj\b/g)) {
    offsets.set(Number(match[1]), match.index);
  }
  const rows = ['xref', '0 1', '0000000000 65535 f\r'];
  for (const [number, offset] of [...offsets].sort(([a], [b]) => a - b)) {
    rows.push(`${number} 1`, `${String(offset).padStart(10, '0')} 00000 n\r`);
  }
  const table = streamed.byteLength;
  const hidden = xrefStm ? ` /XRefStm ${stream}` : '';
  const section =
    `${rows.join('\n')}\ntrailer\n<< /Size ${size} /Root ${root}${hidden} >>\n` +
    `startxref\n${table}\n%%EOF\n`;
  return {
    bytes: new Uint8Array(Buffer.concat([streamed, Buffer.from(section, 'latin1')])),
    table,
  };
}

describe('a template with a hybrid cross-reference', () => {
  it('reads as the union of the table and its /XRefStm stream', async () => {
    const { bytes } = await hybridForm();
    const doc = await PDFDocument.load(bytes);
    const xref = readXrefBase(bytes);

    expect(xref?.kind).toBe('table');
    // Every object pdf-lib found, the ones inside object streams included.
    const numbers = doc.context.enumerateIndirectObjects().map(([ref]) => ref.objectNumber);
    expect(numbers.filter((number) => !xref?.inUse.has(number))).toEqual([]);
  });

  it('gets a table update whose /Prev is the hybrid section', async () => {
    const { bytes: template, table } = await hybridForm();
    const plan = await planTemplate(template);
    const { bytes } = await fillForm(plan, VALUES);

    expect(plan.base?.xref.kind).toBe('table');
    expect(Buffer.from(bytes.subarray(0, template.byteLength)).equals(Buffer.from(template))).toBe(
      true,
    );
    const tail = latin1(bytes.subarray(template.byteLength));
    expect(tail).toMatch(new RegExp(`\\nxref\\n[\\s\\S]*\\ntrailer\\n<<[^>]*/Prev ${table} >>`));
    expect(readXrefBase(bytes)?.kind).toBe('table');
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'name'))).toBe('Zoë Ñandú');
    expect(valueOf(fieldDict(doc, 'city'))).toBe('東京');
  });

  it.runIf(hasTool('pdftk') && hasTool('qpdf') && hasTool('pdftotext'))(
    'reads back in pdftk, qpdf and poppler',
    async () => {
      const plan = await planTemplate((await hybridForm()).bytes);
      const { bytes } = await fillForm(plan, VALUES);

      expect(plan.base).not.toBeNull();
      const check = qpdfCheck(bytes);
      expect(check.messages).not.toContain('WARNING');
      expect(check.ok).toBe(true);
      const fields = pdftkFields(bytes);
      expect(fields.get('name')?.[0]?.values).toContain('Zoë Ñandú');
      expect(fields.get('city')?.[0]?.values).toContain('東京');
      expect(fields.get('agree')?.[0]?.values).toContain('Yes');
      expect(squash(popplerText(bytes))).toContain('ZoëÑandú');
    },
  );

  it('reads back in pdf.js', async () => {
    const { bytes } = await fillForm(await planTemplate((await hybridForm()).bytes), VALUES);
    const values = await withPdfjsDocument(bytes, async (doc) => {
      const annotations = await (await doc.getPage(1)).getAnnotations();
      return new Map(
        annotations.map((annotation) => [annotation.fieldName, annotation.fieldValue]),
      );
    });

    expect(values.get('name')).toBe('Zoë Ñandú');
    expect(values.get('city')).toBe('東京');
    expect(values.get('agree')).toBe('Yes');
  });

  it.runIf(haveMutool)('draws in MuPDF', async () => {
    const { bytes } = await fillForm(await planTemplate((await hybridForm()).bytes), VALUES);

    expect(squash(mupdfText(bytes))).toContain('ZoëÑandú');
  });

  it('is written whole when the table lists only part of what pdf-lib parsed', async () => {
    const { bytes: template } = await hybridForm({ xrefStm: false });
    const plan = await planTemplate(template);
    const { bytes } = await fillForm(plan, VALUES);

    expect(plan.base).toBeNull();
    expect(valueOf(fieldDict(await PDFDocument.load(bytes), 'name'))).toBe('Zoë Ñandú');
  });

  it('is written whole when /XRefStm does not point at a cross-reference stream', async () => {
    const { bytes: template, table } = await hybridForm();
    const text = latin1(template).replace(/\/XRefStm \d+/, `/XRefStm ${table}`);
    const plan = await planTemplate(new Uint8Array(Buffer.from(text, 'latin1')));

    expect(plan.base).toBeNull();
  });
});
