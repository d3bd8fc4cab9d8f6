// The hostile-PDF suite's files, generated at test time (no binaries in the repo). Each names
// the answers a user may get: a clear refusal, or — for files that are odd but harmless — 201.
import { buildAllTypesForm } from '../../src/pdf/objects/pdf-synthetic.ts';
import { stream, writePdf, zeroBomb } from './pdf-writer.ts';

export type HostileCase = {
  name: string;
  build: () => Buffer | Promise<Buffer>;
  /** Acceptable statuses; the first is what the file gets today. */
  statuses: number[];
  /** Expected `code` of a refusal, when it is always the same. */
  code?: string;
};

const GiB = 1024 * 1024 * 1024;
const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>';

/** A one-page file whose page is object 3; `extra` objects start at 4. */
function onePage(page: string, extra: Array<string | Buffer>, catalog = CATALOG): Buffer {
  return writePdf([catalog, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page, ...extra]);
}

/** A text field widget on page 3 (object `n`), with extra entries. */
function textWidget(name: string, extra = ''): string {
  return `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${name}) /Rect [50 700 250 720] /P 3 0 R ${extra}>>`;
}

const FORM_CATALOG = '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>';

export const HOSTILE_CASES: HostileCase[] = [
  { name: 'empty file', build: () => Buffer.alloc(0), statuses: [422] },
  { name: 'not a PDF', build: () => Buffer.from('GIF89a not a pdf at all'), statuses: [415] },
  {
    name: 'truncated form',
    build: async () => {
      const bytes = Buffer.from(await buildAllTypesForm());
      return bytes.subarray(0, Math.floor(bytes.length * 0.6));
    },
    statuses: [422],
  },
  {
    name: '80,000 pages',
    build: () => {
      const kids = Array.from({ length: 80_000 }, (_, i) => `${i + 3} 0 R`).join(' ');
      return writePdf([
        CATALOG,
        `<< /Type /Pages /Kids [${kids}] /Count 80000 >>`,
        ...Array.from({ length: 80_000 }, () => PAGE),
      ]);
    },
    statuses: [422, 201],
  },
  {
    name: 'array nested 200,000 deep',
    build: () =>
      onePage(
        PAGE,
        [],
        `<< /Type /Catalog /Pages 2 0 R /Deep ${'['.repeat(200_000)}${']'.repeat(200_000)} >>`,
      ),
    statuses: [422, 201],
  },
  {
    name: 'dictionary nested 100,000 deep',
    build: () =>
      onePage(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>`, [
        `${'<< /A '.repeat(100_000)}1${' >>'.repeat(100_000)}`,
      ]),
    statuses: [422, 201],
  },
  {
    name: 'page tree 20,000 levels deep',
    build: () => {
      const depth = 20_000;
      const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
      for (let level = 0; level < depth; level++) {
        const self = level + 2;
        const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
        objects.push(`<< /Type /Pages ${parent}/Kids [${self + 1} 0 R] /Count 1 >>`);
      }
      objects.push(`<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 612 792] >>`);
      return writePdf(objects);
    },
    statuses: [422, 201],
  },
  {
    name: 'field tree 20,000 levels deep',
    build: () => {
      const depth = 20_000;
      // 4 is the top field; 4+i has kid 5+i; the last one is the widget on page 3.
      const fields: string[] = [];
      for (let i = 0; i < depth; i++) {
        const parent = i === 0 ? '' : `/Parent ${i + 3} 0 R `;
        fields.push(
          i === depth - 1
            ? `<< /Type /Annot /Subtype /Widget /FT /Tx /T (leaf) ${parent}/Rect [50 700 250 720] /P 3 0 R >>`
            : `<< /T (n${i}) ${parent}/Kids [${i + 5} 0 R] >>`,
        );
      }
      return onePage(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [${depth + 3} 0 R] >>`,
        fields,
        FORM_CATALOG,
      );
    },
    statuses: [422, 201],
  },
  {
    name: 'page tree that contains itself',
    build: () => writePdf([CATALOG, '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', PAGE]),
    statuses: [422, 201],
  },
  {
    name: 'field whose parents form a loop',
    build: () =>
      onePage(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>`,
        [
          textWidget('loop', '/Parent 5 0 R '),
          '<< /T (a) /Parent 6 0 R /Kids [4 0 R] >>',
          '<< /T (b) /Parent 5 0 R /Kids [5 0 R] >>',
        ],
        FORM_CATALOG,
      ),
    statuses: [201, 422],
  },
  {
    name: '1 GB bomb in the page content',
    build: () =>
      onePage(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>`, [
        stream('/Filter /FlateDecode', zeroBomb(GiB)),
      ]),
    statuses: [422],
    code: 'unsafe_pdf',
  },
  {
    name: '1 GB bomb in an appearance stream',
    build: () =>
      onePage(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>`,
        [
          textWidget('bomb', '/AP << /N 5 0 R >> '),
          stream(
            '/Type /XObject /Subtype /Form /BBox [0 0 200 20] /Filter /FlateDecode',
            zeroBomb(GiB),
          ),
        ],
        FORM_CATALOG,
      ),
    statuses: [422],
    code: 'unsafe_pdf',
  },
  {
    name: '1 GB bomb in an object stream',
    build: () =>
      onePage(PAGE, [stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zeroBomb(GiB))]),
    statuses: [422],
    code: 'unsafe_pdf',
  },
  {
    name: '1 GB bomb in the metadata',
    build: () =>
      onePage(
        PAGE,
        [stream('/Type /Metadata /Subtype /XML /Filter /FlateDecode', zeroBomb(GiB))],
        '<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>',
      ),
    statuses: [422],
    code: 'unsafe_pdf',
  },
  {
    name: 'nine 60 MB streams (540 MB in all)',
    build: () =>
      onePage(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${Array.from({ length: 9 }, (_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
        Array.from({ length: 9 }, () => stream('/Filter /FlateDecode', zeroBomb(60 * 1024 * 1024))),
      ),
    statuses: [422],
    code: 'unsafe_pdf',
  },
  {
    name: 'stream claiming a 4 GB /Length',
    build: () =>
      onePage(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>`, [
        Buffer.from('<< /Length 4294967295 >>\nstream\nBT ET\nendstream', 'latin1'),
      ]),
    statuses: [201, 422],
  },
  {
    name: '20,000 fields',
    build: () => {
      const count = 20_000;
      const refs = Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ');
      return writePdf([
        `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${refs}] >> >>`,
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [${refs}] >>`,
        ...Array.from({ length: count }, (_, i) => {
          const x = (i % 100) * 6;
          const y = Math.floor(i / 100) * 4;
          return `<< /Type /Annot /Subtype /Widget /FT /Tx /T (f${i}) /Rect [${x} ${y} ${x + 5} ${y + 3}] /P 3 0 R >>`;
        }),
      ]);
    },
    statuses: [422, 201],
  },
  {
    name: 'JavaScript on open and on a field',
    build: () =>
      onePage(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>`,
        [
          textWidget('name', '/AA << /K << /S /JavaScript /JS (while(true){}) >> >> '),
          '<< /S /JavaScript /JS (app.alert("hi"); while (true) {}) >>',
        ],
        '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> /OpenAction 5 0 R >>',
      ),
    // Harmless here: scripts are never run, the field is detected like any other.
    statuses: [201],
  },
];
