import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SheetLimitError } from './sheet-limits.ts';
import { inflateEntry, readZipEntries, type ZipEntry } from './zip-entries.ts';

// The pieces of an .xlsx package the import reads, without ever holding a whole sheet: small
// parts (workbook, relationships, styles) are inflated whole; the sheet and the shared strings
// are inflated and parsed a slice at a time, and a reader can stop in the middle. Parts are found
// through the central directory: the ones no reader wants are never inflated.

/** Bytes all parts of one workbook may inflate to: a 50,000-row sheet of text is ~60 MB. */
export const MAX_INFLATED_BYTES = 160 * 1024 * 1024;
/**
 * Inflated bytes per compressed byte read of a part past which it is a bomb. Real sheets of
 * repeated values reach ~40:1; a part of spaces or zeros ~1000:1. Checked once a part has
 * inflated 16 MB, so a small highly compressible part is never refused for its ratio, and a bomb
 * is stopped 16 MB in, not at the package's cap.
 */
const MAX_RATIO = 150;
const RATIO_FREE_BYTES = 16 * 1024 * 1024;
/** A part read whole (workbook, relationships, styles): Excel's largest styles are a few MB. */
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;

/**
 * An opened workbook package: its entries, and what its parts have inflated so far (the byte cap
 * holds for the package, not per part, so many small bombs add up).
 */
export type WorkbookPackage = { entries: Map<string, ZipEntry>; inflated: number };

/** Reads the package's directory; throws on a file that is not a readable ZIP. */
export function openPackage(bytes: Uint8Array): WorkbookPackage {
  return { entries: readZipEntries(bytes), inflated: 0 };
}

/** Inflates one part through `onChunk`, within the package's byte cap and the part's ratio. */
function inflatePart(
  pkg: WorkbookPackage,
  entry: ZipEntry,
  onChunk: (chunk: Uint8Array, isFinal: boolean) => void,
  shouldStop: () => boolean,
): void {
  let inflated = 0;
  inflateEntry(
    entry,
    (chunk, isFinal, consumed) => {
      inflated += chunk.length;
      pkg.inflated += chunk.length;
      const isBomb = inflated > RATIO_FREE_BYTES && inflated > MAX_RATIO * consumed;
      if (pkg.inflated > MAX_INFLATED_BYTES || isBomb) {
        throw new SheetLimitError('too-large');
      }
      onChunk(chunk, isFinal);
    },
    shouldStop,
  );
}

export type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** Element names without their namespace prefix (`x:row` and `row` alike). */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function createParser(handlers: XmlHandlers): SaxesParser {
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    handlers.open?.(localName(tag.name), tag.attributes);
  });
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  parser.on('error', (error) => {
    throw error;
  });
  return parser;
}

/** Inflates the named small parts whole; missing parts are absent from the result. */
export function readSmallParts(
  pkg: WorkbookPackage,
  names: readonly string[],
): Map<string, string> {
  const texts = new Map<string, string>();
  for (const name of names) {
    const entry = pkg.entries.get(name);
    if (entry?.method !== 8) {
      // Stored (or an unknown method, which inflateEntry refuses): read as it is.
      if (entry) {
        inflatePart(
          pkg,
          entry,
          (chunk) => texts.set(name, new TextDecoder().decode(chunk)),
          () => false,
        );
      }
      continue;
    }
    // Whole parts inflate natively in one call, cut off at their own cap or the package's.
    const allowed = Math.min(MAX_INFLATED_BYTES - pkg.inflated, MAX_SMALL_PART_BYTES);
    let bytes: Buffer;
    try {
      bytes = zlib.inflateRawSync(entry.data, { maxOutputLength: Math.max(1, allowed) });
    } catch (error) {
      const isCut = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw isCut ? new SheetLimitError('too-large') : error;
    }
    pkg.inflated += bytes.length;
    texts.set(name, new TextDecoder().decode(bytes));
  }
  return texts;
}

/** Parses a whole small XML part. */
export function parseXml(xml: string, handlers: XmlHandlers): void {
  createParser(handlers).write(xml).close();
}

/**
 * Streams one part of the package through the XML handlers, inflating a slice at a time.
 * `shouldStop` is asked after every slice: once it says yes nothing more is inflated or parsed;
 * an error a handler throws stops at once and comes out of here. Returns false when the package
 * has no such part.
 */
export function streamPart(
  pkg: WorkbookPackage,
  name: string,
  handlers: XmlHandlers,
  shouldStop: () => boolean,
): boolean {
  const entry = pkg.entries.get(name);
  if (!entry) {
    return false;
  }
  const parser = createParser(handlers);
  const decoder = new TextDecoder();
  inflatePart(
    pkg,
    entry,
    (chunk, isFinal) => {
      parser.write(decoder.decode(chunk, { stream: !isFinal }));
      if (isFinal) {
        parser.close();
      }
    },
    shouldStop,
  );
  return true;
}

/** Where a workbook relationship points, as a path inside the package. */
function resolveTarget(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

export type WorkbookParts = {
  sheet: string;
  sharedStrings: string | undefined;
  styles: string | undefined;
  date1904: boolean;
};

/** The first sheet's part, the shared strings and styles parts, and the date system. */
export function readWorkbook(pkg: WorkbookPackage): WorkbookParts {
  const parts = readSmallParts(pkg, ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);
  const workbook = parts.get('xl/workbook.xml');
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) {
    throw new Error('Not a workbook: xl/workbook.xml or its relationships are missing');
  }
  let firstSheetId: string | undefined;
  let date1904 = false;
  parseXml(workbook, {
    open: (tag, attributes) => {
      if (tag === 'sheet' && firstSheetId === undefined) {
        firstSheetId =
          attributes['r:id'] ??
          Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
      }
      if (tag === 'workbookPr') {
        date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      }
    },
  });
  const targets = new Map<string, { type: string; target: string }>();
  parseXml(rels, {
    open: (tag, attributes) => {
      if (tag === 'Relationship' && attributes.Id && attributes.Target) {
        targets.set(attributes.Id, { type: attributes.Type ?? '', target: attributes.Target });
      }
    },
  });
  const byType = (suffix: string) =>
    [...targets.values()].find((entry) => entry.type.endsWith(suffix))?.target;
  const sheet = firstSheetId === undefined ? undefined : targets.get(firstSheetId)?.target;
  if (sheet === undefined) {
    throw new Error('Not a workbook: it has no sheet');
  }
  const sharedStrings = byType('/sharedStrings');
  const styles = byType('/styles');
  return {
    sheet: resolveTarget(sheet),
    sharedStrings: sharedStrings === undefined ? undefined : resolveTarget(sharedStrings),
    styles: styles === undefined ? undefined : resolveTarget(styles),
    date1904,
  };
}
