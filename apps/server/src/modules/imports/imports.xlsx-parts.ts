import { Unzip, UnzipInflate, unzipSync, strFromU8 } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

// The pieces of an .xlsx package the import reads, without ever holding a whole sheet: small
// parts (workbook, relationships, styles) are inflated whole; the sheet and the shared strings
// are inflated and parsed a slice at a time, and a reader can stop in the middle.

/** Compressed bytes per step: at DEFLATE's worst ratio (~1:1032) a step yields under 9 MB. */
const STEP_BYTES = 8 * 1024;

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
export function readSmallParts(bytes: Uint8Array, names: readonly string[]): Map<string, string> {
  const wanted = new Set(names);
  const files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  return new Map(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
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
  bytes: Uint8Array,
  name: string,
  handlers: XmlHandlers,
  shouldStop: () => boolean,
): boolean {
  const parser = createParser(handlers);
  const decoder = new TextDecoder();
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  let found = false;
  let done = false;
  unzip.onfile = (file) => {
    if (file.name !== name || found) {
      return;
    }
    found = true;
    file.ondata = (error, chunk, final) => {
      if (error) {
        throw error;
      }
      if (done) {
        return;
      }
      parser.write(decoder.decode(chunk, { stream: !final }));
      if (final) {
        parser.close();
        done = true;
      }
    };
    file.start();
  };
  for (let offset = 0; offset < bytes.length && !done && !shouldStop(); offset += STEP_BYTES) {
    const end = Math.min(offset + STEP_BYTES, bytes.length);
    unzip.push(bytes.subarray(offset, end), end === bytes.length);
  }
  return found;
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
export function readWorkbook(bytes: Uint8Array): WorkbookParts {
  const parts = readSmallParts(bytes, ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);
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
