// The spreadsheets that froze the server before imports were read in the sandbox (issue 35), as
// bytes: the hostile-sheet suite uploads them and `npm run fuzz` mutates them.
import zlib from 'node:zlib';

const NS = 'http://schemas.openxmlformats.org';
const MB = 1024 * 1024;

type ZipPart = { name: string; deflated: Buffer; size: number };

const deflated = (name: string, xml: string): ZipPart => {
  const bytes = Buffer.from(xml, 'utf8');
  return { name, deflated: zlib.deflateRawSync(bytes), size: bytes.length };
};

/**
 * A part of `head`, `megabytes` MB of `filler` and `tail`, deflated without ever holding the
 * inflated text: one fully flushed 1 MB block repeated (each one independent of the others).
 */
function inflatingPart(
  name: string,
  head: string,
  filler: string,
  megabytes: number,
  tail: string,
) {
  const block = zlib.deflateRawSync(Buffer.alloc(MB, filler), {
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const ends = [head, tail].map((text) =>
    zlib.deflateRawSync(Buffer.from(text), { finishFlush: zlib.constants.Z_FULL_FLUSH }),
  );
  const final = zlib.deflateRawSync(Buffer.alloc(0));
  const parts = [ends[0]!, ...Array.from({ length: megabytes }, () => block), ends[1]!, final];
  return { name, deflated: Buffer.concat(parts), size: head.length + megabytes * MB + tail.length };
}

/** A ZIP package of deflated parts (CRCs left 0: the reader refuses these before checking). */
function zipPackage(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(part.deflated.length, 18);
    header.writeUInt32LE(part.size, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, name, part.deflated);
    central.push(entry, name);
    offset += header.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_HEAD = `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook whose first sheet is `sheet` (or the part given), with small other parts. */
function workbook(sheet: ZipPart | string, styles?: ZipPart): Buffer {
  const sheetPart = typeof sheet === 'string' ? deflated('xl/worksheets/sheet1.xml', sheet) : sheet;
  return zipPackage([
    deflated(
      'xl/workbook.xml',
      `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflated(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    styles ?? deflated('xl/styles.xml', `<styleSheet xmlns="${NS}/spreadsheetml/2006/main"/>`),
    sheetPart,
  ]);
}

const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

export type HostileSheet = {
  name: string;
  filename: string;
  build: () => Buffer;
  /** The answer's status to the import preview. */
  status: number;
};

export const HOSTILE_SHEETS: HostileSheet[] = [
  {
    // Dense, it is 819 million slots: the grid refuses it by its size, never laying it out.
    name: 'one cell at XFD on each of 49,999 rows',
    filename: 'xfd.xlsx',
    build: () => {
      const rows = Array.from(
        { length: 49_999 },
        (_, i) => `<row r="${i + 1}">${inline(`XFD${i + 1}`, 'x')}</row>`,
      );
      return workbook(SHEET_HEAD + rows.join('') + SHEET_TAIL);
    },
    status: 413,
  },
  {
    // The same cells under a header in A1: two columns wide, so it is read.
    name: 'a header in A1 and a cell at XFD on 49,998 rows',
    filename: 'xfd-data.xlsx',
    build: () => {
      const rows = Array.from(
        { length: 49_998 },
        (_, i) => `<row r="${i + 2}">${inline(`XFD${i + 2}`, String(i))}</row>`,
      );
      return workbook(
        `${SHEET_HEAD}<row r="1">${inline('A1', 'Name')}</row>${rows.join('')}${SHEET_TAIL}`,
      );
    },
    status: 200,
  },
  {
    name: 'one cell at ZZZZZZ2',
    filename: 'zzzzzz.xlsx',
    build: () =>
      workbook(
        `${SHEET_HEAD}<row r="1">${inline('A1', 'Name')}</row><row r="2">${inline('ZZZZZZ2', 'x')}</row>${SHEET_TAIL}`,
      ),
    status: 422,
  },
  {
    name: 'a zip bomb: styles that inflate to 1 GB',
    filename: 'bomb.xlsx',
    build: () =>
      workbook(
        `${SHEET_HEAD}<row r="1">${inline('A1', 'Name')}</row>${SHEET_TAIL}`,
        inflatingPart(
          'xl/styles.xml',
          `<styleSheet xmlns="${NS}/spreadsheetml/2006/main">`,
          '0',
          1024,
          '</styleSheet>',
        ),
      ),
    status: 413,
  },
  {
    name: 'a sheet of 200 MB of spaces',
    filename: 'spaces.xlsx',
    build: () =>
      workbook(
        inflatingPart(
          'xl/worksheets/sheet1.xml',
          `${SHEET_HEAD}<row r="1">${inline('A1', 'Name')}</row>`,
          ' ',
          200,
          SHEET_TAIL,
        ),
      ),
    status: 413,
  },
  {
    name: 'a CSV of 49,999 rows',
    filename: 'people.csv',
    build: () => {
      const lines = ['Full Name,Age,Email,Joined,Notes'];
      for (let i = 1; i <= 49_999; i += 1) {
        lines.push(
          `Person ${i},${i % 90},person${i}@example.com,2024-01-${String((i % 28) + 1).padStart(2, '0')},"note, ${i}"`,
        );
      }
      return Buffer.from(lines.join('\r\n'));
    },
    status: 200,
  },
];
