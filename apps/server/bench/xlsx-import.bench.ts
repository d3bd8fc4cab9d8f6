import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { MAX_IMPORT_ROWS } from '../src/modules/imports/imports.service.ts';
import { SheetLimitError } from '../src/sheets/sheet-limits.ts';
import { parseXlsx } from '../src/sheets/xlsx.ts';

// `node apps/server/bench/xlsx-import.bench.ts [rows]`: writes a workbook of `rows` data rows
// (default 2,000,000: text, number, date per row) and times the import's reading of it, which
// must stop at the 50,000-row limit. Peak RSS is the process's own maximum.

const NS = 'http://schemas.openxmlformats.org';
const rows = Number(process.argv[2] ?? 2_000_000);

function* sheetXml(): Generator<string> {
  yield `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>`;
  yield '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Amount</t></is></c><c r="C1" t="inlineStr"><is><t>Due</t></is></c></row>';
  let batch = '';
  for (let i = 2; i <= rows + 1; i += 1) {
    batch += `<row r="${i}"><c r="A${i}" t="s"><v>${i % 1000}</v></c><c r="B${i}"><v>${i * 1.25}</v></c><c r="C${i}" s="1"><v>${45000 + (i % 3650)}</v></c></row>`;
    if (batch.length > 1 << 20) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</sheetData></worksheet>`;
}

async function writeWorkbook(file: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const strings = Array.from({ length: 1000 }, (_, i) => `<si><t>Client ${i}</t></si>`).join('');
  const small: Record<string, string> = {
    'xl/workbook.xml': `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Big" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${NS}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `<styleSheet xmlns="${NS}/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
  };
  for (const [name, xml] of Object.entries(small)) {
    zip.addBuffer(Buffer.from(xml), name);
  }
  zip.addReadStream(Readable.from(sheetXml()), 'xl/worksheets/sheet1.xml');
  zip.addBuffer(
    Buffer.from(`<sst xmlns="${NS}/spreadsheetml/2006/main">${strings}</sst>`),
    'xl/sharedStrings.xml',
  );
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

const file = path.join(os.tmpdir(), `formbridge-bench-${rows}.xlsx`);
if (!fs.existsSync(file)) {
  await writeWorkbook(file);
}
const bytes = fs.readFileSync(file);
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
let outcome: string;
try {
  outcome = `${parseXlsx(bytes, MAX_IMPORT_ROWS).length - 1} data rows read`;
} catch (error) {
  if (!(error instanceof SheetLimitError)) {
    throw error;
  }
  outcome = `refused past ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`;
}
const seconds = (performance.now() - started) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(
  `${rows.toLocaleString('en-US')} rows, ${(bytes.length / 1e6).toFixed(1)} MB .xlsx: ${outcome} in ${seconds.toFixed(2)} s; ` +
    `RSS before ${(rssBefore / 1e6).toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB`,
);
