import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { PDFDict, PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { AnnotationMode } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { withPdfjsDocument } from '../src/pdf/detect/pdf-pdfjs.ts';

// Render oracle: three independent rasterisers (poppler's pdftoppm, MuPDF's mutool draw and
// pdf.js on @napi-rs/canvas) turn a PDF into pixels, so a test can check where a value's ink
// really lands.

const run = promisify(execFile);

export type RenderEngine = 'poppler' | 'mupdf' | 'pdfjs';

interface NodeCanvas {
  width: number;
  height: number;
}
interface NodeCanvasContext {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}
interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: NodeCanvasContext };
  destroy(entry: { canvas: NodeCanvas; context: NodeCanvasContext }): void;
}

/**
 * pdf.js in Node draws on @napi-rs/canvas (prebuilt binaries, an optional dependency of
 * pdfjs-dist). AnnotationMode.ENABLE draws each widget's own appearance stream: what pdf.js
 * shows of a form it does not overlay with HTML inputs, and prints when nothing was typed.
 */
async function renderWithPdfjs(bytes: Uint8Array, dpi: number): Promise<RgbPage[]> {
  return withPdfjsDocument(
    bytes,
    async (doc) => {
      const factory = (doc as unknown as { canvasFactory: NodeCanvasFactory }).canvasFactory;
      const pages: RgbPage[] = [];
      for (let number = 1; number <= doc.numPages; number += 1) {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale: dpi / 72 });
        const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
        const { canvas, context } = entry;
        await page.render({
          canvas,
          canvasContext: context,
          viewport,
          annotationMode: AnnotationMode.ENABLE,
        }).promise;
        const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
        const pixels = new Uint8Array(canvas.width * canvas.height * 3);
        for (let source = 0, target = 0; source < rgba.length; source += 4, target += 3) {
          pixels[target] = rgba[source] ?? 0;
          pixels[target + 1] = rgba[source + 1] ?? 0;
          pixels[target + 2] = rgba[source + 2] ?? 0;
        }
        pages.push({ width: canvas.width, height: canvas.height, pixels });
        factory.destroy(entry);
        page.cleanup();
      }
      return pages;
    },
    120_000,
  );
}

/** One rendered page: 8-bit RGB, row-major. */
export interface RgbPage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Which rasterisers are missing (Debian `poppler-utils`, `mupdf-tools`; npm `@napi-rs/canvas`). */
export function missingRenderers(): string[] {
  const missing: string[] = [];
  if (spawnSync('pdftoppm', ['-v']).error) {
    missing.push('pdftoppm (poppler-utils)');
  }
  if (spawnSync('mutool', ['-v']).error) {
    missing.push('mutool (mupdf-tools)');
  }
  try {
    createRequire(import.meta.url)('@napi-rs/canvas');
  } catch {
    missing.push('@napi-rs/canvas (npm, for pdf.js)');
  }
  return missing;
}

/** Parses a binary PPM (P6, maxval 255) as both tools write it. */
export function parsePpm(bytes: Buffer): RgbPage {
  let offset = 0;
  const tokens: string[] = [];
  while (tokens.length < 4) {
    while (offset < bytes.length && /\s/.test(String.fromCharCode(bytes[offset] ?? 0))) {
      offset += 1;
    }
    if (bytes[offset] === 0x23) {
      while (offset < bytes.length && bytes[offset] !== 0x0a) {
        offset += 1;
      }
      continue;
    }
    let token = '';
    while (offset < bytes.length && !/\s/.test(String.fromCharCode(bytes[offset] ?? 0))) {
      token += String.fromCharCode(bytes[offset] ?? 0);
      offset += 1;
    }
    tokens.push(token);
  }
  const [magic, width = '0', height = '0'] = tokens;
  if (magic !== 'P6') {
    throw new Error(`not a binary PPM: ${magic}`);
  }
  offset += 1; // The single whitespace after maxval.
  const w = Number(width);
  const h = Number(height);
  return {
    width: w,
    height: h,
    pixels: new Uint8Array(bytes.subarray(offset, offset + w * h * 3)),
  };
}

/** Renders every page of `bytes` (CropBox, page rotation applied) at `dpi` in colour. */
export async function renderPages(
  bytes: Uint8Array,
  engine: RenderEngine,
  dpi: number,
): Promise<RgbPage[]> {
  if (engine === 'pdfjs') {
    return renderWithPdfjs(bytes, dpi);
  }
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-render-'));
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, bytes);
    if (engine === 'poppler') {
      await run('pdftoppm', ['-r', String(dpi), '-cropbox', input, join(dir, 'p')]);
    } else {
      await run('mutool', [
        'draw',
        '-q',
        '-r',
        String(dpi),
        '-c',
        'rgb',
        '-o',
        join(dir, 'p-%d.ppm'),
        input,
      ]);
    }
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith('.ppm'))
      .map((name) => ({ name, index: Number(/-(\d+)\.ppm$/.exec(name)?.[1] ?? 0) }))
      .sort((a, b) => a.index - b.index);
    return pages.map((page) => parsePpm(readFileSync(join(dir, page.name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A widget box in points from the displayed page's top-left corner: [left, top, right, bottom]. */
export interface InkBox {
  key: string;
  page: number;
  rect: [number, number, number, number];
}

export interface InkVerdict {
  key: string;
  /** Changed pixels inside the box. */
  inside: number;
  /** Changed pixels outside every box that lie closer to this box than to any other. */
  outside: number;
}

// A pixel counts as ink when a colour channel changed by more than this (of 255): antialiased
// 4 pt text at 50 dpi changes its pixels by far more; the same renderer adds no noise.
const INK_THRESHOLD = 32;

function changed(before: Uint8Array, after: Uint8Array, at: number): boolean {
  for (let channel = 0; channel < 3; channel += 1) {
    if (Math.abs((after[at + channel] ?? 0) - (before[at + channel] ?? 0)) > INK_THRESHOLD) {
      return true;
    }
  }
  return false;
}

function pixelBox(rect: InkBox['rect'], scale: number, slack: number): number[] {
  const [left, top, right, bottom] = rect;
  return [
    Math.floor(Math.min(left, right) * scale) - slack,
    Math.floor(Math.min(top, bottom) * scale) - slack,
    Math.ceil(Math.max(left, right) * scale) + slack,
    Math.ceil(Math.max(top, bottom) * scale) + slack,
  ];
}

/**
 * Compares a baseline render with a filled render of the same document and attributes every
 * changed pixel to a box: inside it (within a pixel of antialiasing slack) or, outside all
 * boxes, to the nearest one. Changes inside a `neutral` box (widgets that were not written)
 * are nobody's.
 */
export function inkByBox(
  baseline: RgbPage[],
  filled: RgbPage[],
  boxes: InkBox[],
  dpi: number,
  neutral: InkBox[] = [],
): InkVerdict[] {
  const scale = dpi / 72;
  const verdicts = new Map(boxes.map((box) => [box.key, { key: box.key, inside: 0, outside: 0 }]));
  filled.forEach((page, pageIndex) => {
    const before = baseline[pageIndex];
    const onPage = boxes
      .filter((box) => box.page === pageIndex)
      .map((box) => ({ key: box.key, px: pixelBox(box.rect, scale, 1) }));
    const ignored = neutral
      .filter((box) => box.page === pageIndex)
      .map((box) => pixelBox(box.rect, scale, 1));
    if (!before || before.width !== page.width || before.height !== page.height) {
      return;
    }
    for (let y = 0; y < page.height; y += 1) {
      for (let x = 0; x < page.width; x += 1) {
        if (!changed(before.pixels, page.pixels, (y * page.width + x) * 3)) {
          continue;
        }
        if (
          ignored.some(
            ([x1 = 0, y1 = 0, x2 = 0, y2 = 0]) => x >= x1 && x <= x2 && y >= y1 && y <= y2,
          )
        ) {
          continue;
        }
        let nearest: { key: string; distance: number } | undefined;
        for (const box of onPage) {
          const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = box.px;
          const dx = Math.max(x1 - x, 0, x - x2);
          const dy = Math.max(y1 - y, 0, y - y2);
          const distance = Math.max(dx, dy);
          if (!nearest || distance < nearest.distance) {
            nearest = { key: box.key, distance };
          }
        }
        const verdict = nearest ? verdicts.get(nearest.key) : undefined;
        if (verdict && nearest) {
          if (nearest.distance === 0) {
            verdict.inside += 1;
          } else {
            verdict.outside += 1;
          }
        }
      }
    }
  });
  return [...verdicts.values()];
}

/**
 * The same document reduced to its widget annotations: every page's content removed, and with
 * `hidden` every widget hidden too (/F Hidden). Two such renders differ only where widgets draw,
 * so ink outside the boxes is measured without the page's own text. That text cannot be trusted
 * between renders: poppler 22.12 maps non-embedded Identity-H TrueType fonts through an array it
 * never initialises (valgrind: GfxCIDFont::getCodeToGIDMap), so pdfjs_issue6127_rniam.pdf's
 * body text comes out differently in about one process in six, idle or busy.
 */
export async function widgetsOnly(bytes: Uint8Array, hidden: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  for (const page of doc.getPages()) {
    page.node.delete(PDFName.of('Contents'));
    const annots = page.node.Annots();
    for (let index = 0; hidden && annots && index < annots.size(); index += 1) {
      const annot = doc.context.lookup(annots.get(index));
      if (annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget')) {
        const flags = annot.get(PDFName.of('F'));
        const value = flags instanceof PDFNumber ? flags.asNumber() : 0;
        annot.set(PDFName.of('F'), PDFNumber.of(value | 2));
      }
    }
  }
  return doc.save({ updateFieldAppearances: false, addDefaultPage: false });
}
