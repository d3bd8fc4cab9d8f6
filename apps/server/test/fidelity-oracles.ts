import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withPdfjsDocument } from '../src/pdf/detect/pdf-pdfjs.ts';
import { renderPages, type InkBox, type RenderEngine } from './render-oracle.ts';

// What a reader of a filled form gets from each engine beyond pixels in a box: the text layer
// (copy, search, screen readers) and how many lines a value is drawn on.

const run = promisify(execFile);

async function withTempPdf<T>(bytes: Uint8Array, use: (path: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-text-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, bytes);
    return await use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function qpdfCheckOutput(bytes: Uint8Array): { status: number | null; said: string } {
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-qpdf-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, bytes);
    const output = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
    return { status: output.status, said: `${output.stdout}${output.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A template's own compressed stream that ends early (its flate data complete before the
// stream's end) is copied as it is: qpdf warns of it in the template too, nothing a fill did.
const TEMPLATE_STREAM_WARNING = /input stream is complete but output may still be valid/;

/**
 * `qpdf --check` without repair: null when the file is clean (exit 0, no warning), else what
 * qpdf said. A file qpdf must reconstruct is one some reader shows differently. With the
 * `template` it was filled from, a warning about stream data the template already carries is
 * not the fill's.
 */
export function qpdfComplaints(bytes: Uint8Array, template?: Uint8Array): string | null {
  const { status, said } = qpdfCheckOutput(bytes);
  if (status === 0 && !/WARNING/i.test(said)) {
    return null;
  }
  const inherited =
    template !== undefined && TEMPLATE_STREAM_WARNING.test(qpdfCheckOutput(template).said);
  const own = said
    .split('\n')
    .filter((line) => /WARNING/.test(line))
    .filter((line) => !(inherited && TEMPLATE_STREAM_WARNING.test(line)));
  // Exit 3 is qpdf's "warnings only"; anything else (2: errors) is never the template's.
  return own.length === 0 && status === 3 ? null : said;
}

/** pdftk's `dump_data_fields_utf8` as printed (a multiline value keeps its line breaks). */
export function pdftkDump(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-pdftk-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, bytes);
    const output = spawnSync('pdftk', [path, 'dump_data_fields_utf8'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    return output.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text lines an engine extracts from every page, widget appearances included: poppler's
 * pdftotext (reading order), MuPDF's structured text, and pdf.js (page text items and each
 * widget's appearance text, what its find bar searches). Blank lines are dropped.
 */
export async function extractedLines(bytes: Uint8Array, engine: RenderEngine): Promise<string[]> {
  let text: string;
  if (engine === 'poppler') {
    text = await withTempPdf(bytes, async (path) => {
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-'], {
        maxBuffer: 64 << 20,
      });
      return stdout;
    });
  } else if (engine === 'mupdf') {
    text = await withTempPdf(bytes, async (path) => {
      const { stdout } = await run('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', path], {
        maxBuffer: 64 << 20,
      });
      return stdout;
    });
  } else {
    text = await withPdfjsDocument(
      bytes,
      async (doc) => {
        const lines: string[] = [];
        for (let number = 1; number <= doc.numPages; number += 1) {
          const page = await doc.getPage(number);
          const content = await page.getTextContent();
          let line = '';
          for (const item of content.items) {
            if ('str' in item) {
              line += item.str;
              if (item.hasEOL) {
                lines.push(line);
                line = '';
              }
            }
          }
          lines.push(line);
          for (const annotation of (await page.getAnnotations()) as Array<{
            textContent?: string[];
          }>) {
            lines.push(...(annotation.textContent ?? []));
          }
          page.cleanup();
        }
        return lines.join('\n');
      },
      120_000,
    );
  }
  return text
    .split(/\r?\n|\f/)
    .map((line) => line.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim())
    .filter((line) => line !== '');
}

/**
 * How many separate lines of text an engine draws in `box`: bands of pixel rows that changed
 * between a render of `baseline` and one of `filled`, split by at least one unchanged row.
 */
export async function drawnLineCount(
  baseline: Uint8Array,
  filled: Uint8Array,
  box: InkBox,
  engine: RenderEngine,
  dpi: number,
): Promise<number> {
  const [before, after] = await Promise.all([
    renderPages(baseline, engine, dpi),
    renderPages(filled, engine, dpi),
  ]);
  const page = after[box.page];
  const old = before[box.page];
  if (!page || !old) {
    return 0;
  }
  const scale = dpi / 72;
  const [left, top, right, bottom] = box.rect;
  const x1 = Math.ceil(left * scale) + 1;
  const x2 = Math.floor(right * scale) - 1;
  let bands = 0;
  let inBand = false;
  for (let y = Math.ceil(top * scale) + 1; y < Math.floor(bottom * scale) - 1; y += 1) {
    let inked = false;
    for (let x = x1; x <= x2 && !inked; x += 1) {
      const at = (y * page.width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        if (Math.abs((page.pixels[at + channel] ?? 0) - (old.pixels[at + channel] ?? 0)) > 32) {
          inked = true;
        }
      }
    }
    if (inked && !inBand) {
      bands += 1;
    }
    inBand = inked;
  }
  return bands;
}

interface PdfjsChoice {
  fieldType?: string;
  combo?: boolean;
  fieldValue?: string | string[];
  options?: Array<{ exportValue: string; displayValue: string }>;
}

/**
 * What pdf.js's form layer shows for each kept dropdown and list box: it never reads a choice
 * widget's appearance for text (only text fields have annotation text content) but draws an
 * HTML select from /Opt and /V, so its copy, search and screen readers get those strings: a
 * list box's every row, a dropdown's value (its option's display text when it is one).
 */
export async function pdfjsChoiceLines(bytes: Uint8Array): Promise<string[]> {
  return withPdfjsDocument(bytes, async (doc) => {
    const lines: string[] = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      for (const data of (await page.getAnnotations()) as PdfjsChoice[]) {
        if (data.fieldType !== 'Ch') {
          continue;
        }
        const options = data.options ?? [];
        if (!data.combo) {
          lines.push(...options.map((option) => option.displayValue));
          continue;
        }
        const values = [data.fieldValue ?? []].flat();
        lines.push(
          ...values.map(
            (value) =>
              options.find((option) => option.exportValue === value)?.displayValue ?? value,
          ),
        );
      }
      page.cleanup();
    }
    return lines;
  });
}
