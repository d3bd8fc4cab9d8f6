import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { toGrid } from './sheet-grid.ts';
import { SheetLimitError } from './sheet-limits.ts';
import { parseXlsx, XlsxFormatError } from './xlsx.ts';

/** The sheet as dense rows, as the import sees it (columns without any text left out). */
const dense = (bytes: Uint8Array, maxRows: number) => {
  const grid = toGrid(parseXlsx(bytes, maxRows));
  return [grid.header, ...grid.rows];
};

const NS = 'http://schemas.openxmlformats.org';

/** A workbook from raw parts, so a test can write what Excel writes (and what it never would). */
async function workbook(sheetData: string, extra: Record<string, string> = {}): Promise<Buffer> {
  const parts: Record<string, string> = {
    'xl/workbook.xml': `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><workbookPr date1904="${extra.date1904 ?? '0'}"/><sheets><sheet name="A" sheetId="1" r:id="rId7"/><sheet name="B" sheetId="2" r:id="rId8"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId8" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/second.xml"/><Relationship Id="rId7" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/first.xml"/><Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${NS}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `<styleSheet xmlns="${NS}/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/><numFmt numFmtId="165" formatCode="&quot;day&quot;0.00"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `<sst xmlns="${NS}/spreadsheetml/2006/main"><si><t>Name</t></si><si><r><t>Zo</t></r><r><t>ë</t></r><rPh><t>ゾエ</t></rPh></si></sst>`,
    'xl/worksheets/second.xml': `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/first.xml': `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
  };
  const zip = new yazl.ZipFile();
  // The sheet before the shared strings, as Excel orders the package.
  for (const name of Object.keys(parts).reverse()) {
    zip.addBuffer(Buffer.from(parts[name] ?? '', 'utf8'), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

describe('parseXlsx', () => {
  it('reads the first sheet: shared and inline strings, sparse cells, dates by format', async () => {
    const bytes = await workbook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>When</t></is></c></row>' +
        '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" s="2"><v>2.5</v></c>' +
        '<c r="C3" s="1"><v>45000.5</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="str"><f>A1</f><v>x</v></c></row>',
    );
    expect(dense(bytes, 10)).toEqual([
      ['Name', '', 'When', '', ''],
      [],
      ['Zoë', '2.5', '2023-03-15T12:00:00.000Z', 'true', 'x'],
    ]);
  });

  it('counts dates from 1904 when the workbook says so', async () => {
    const bytes = await workbook('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', {
      date1904: '1',
    });
    expect(dense(bytes, 10)).toEqual([['1904-01-01']]);
  });

  it('stops at the first row past the limit without reading the rest of the sheet', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `<row r="${i + 1}"><c><v>${i}</v></c></row>`);
    // Broken XML after the limit: a reader that parsed the whole sheet would fail on it instead.
    const bytes = await workbook(`${rows.join('')}<row r="13"><c><v>1</broken>`);
    expect(() => parseXlsx(bytes, 10)).toThrow(SheetLimitError);
    expect(parseXlsx(await workbook(rows.slice(0, 11).join('')), 10)).toHaveLength(11);
  });

  it('refuses damaged workbooks with a format error', async () => {
    expect(() => parseXlsx(Buffer.from('PK\x03\x04 not really', 'latin1'), 10)).toThrow(
      XlsxFormatError,
    );
    const broken = await workbook('<row r="1"><c><v>1</broken>');
    expect(() => parseXlsx(broken, 10)).toThrow(XlsxFormatError);
  });

  it('refuses a cell past column XFD and keeps a far cell one column wide', async () => {
    const past = await workbook(
      '<row r="1"><c r="A1" t="str"><v>a</v></c></row><row r="2"><c r="ZZZZZZ2"><v>1</v></c></row>',
    );
    expect(() => parseXlsx(past, 10)).toThrow(
      expect.objectContaining({ limit: 'too-many-columns' }),
    );
    const far = await workbook(
      '<row r="1"><c r="A1" t="str"><v>Name</v></c></row><row r="2"><c r="XFD2"><v>1</v></c></row>',
    );
    expect(dense(far, 10)).toEqual([
      ['Name', ''],
      ['', '1'],
    ]);
    expect(toGrid(parseXlsx(far, 10)).columnIndexes).toEqual([0, 16_383]);
  });

  it('refuses rows under a header as wide as XFD after a few rows, by the grid they make', async () => {
    const rows = Array.from(
      { length: 200 },
      (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"><v>1</v></c></row>`,
    );
    const wide = await workbook(rows.join(''));
    expect(() => parseXlsx(wide, 50_000)).toThrow(
      expect.objectContaining({ limit: 'too-many-cells' }),
    );
  });
});
