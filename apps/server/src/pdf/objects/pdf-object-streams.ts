import { AsyncLocalStorage } from 'node:async_hooks';
import {
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectStreamParser,
  PDFRawStream,
  type LoadOptions,
} from '@cantoo/pdf-lib';

// pdf-lib inflates every object stream it meets while loading a file, splits it into its
// members and keeps only the parsed objects. The scan for repeated keys (pdf-duplicate-keys.ts)
// reads the members' own syntax, so it needs that inflated data: kept from the loader's split,
// it is not inflated a second time (docs/benchmarks.md).

/** An object stream as the loader split it: its data undecoded and decoded, /First and /N. */
export type LoadedObjectStream = {
  /** The stream's data as the file holds it (before its filters), to tell copies apart. */
  readonly contents: Uint8Array;
  readonly data: Uint8Array;
  readonly first: number;
  readonly count: number;
};

const capture = new AsyncLocalStorage<Map<PDFRawStream, Uint8Array>>();
let captureInstalled = false;

/**
 * Makes pdf-lib's object-stream parser hand its inflated data to `loadKeepingObjectStreams`.
 * Installed once, process-wide; outside such a load it only calls the original, so other
 * documents keep nothing more than before.
 */
function installCapture(): void {
  if (captureInstalled) {
    return;
  }
  captureInstalled = true;
  const forStream = PDFObjectStreamParser.forStream;
  PDFObjectStreamParser.forStream = (rawStream, shouldWaitForTick) => {
    const parser = forStream(rawStream, shouldWaitForTick);
    const kept = capture.getStore();
    // The parser reads from a ByteStream over the inflated data (pdf-lib's own fields).
    const data = kept && (parser as unknown as { bytes?: { bytes?: unknown } }).bytes?.bytes;
    if (kept && data instanceof Uint8Array) {
      kept.set(rawStream, data);
    }
    return parser;
  };
}

/**
 * `PDFDocument.load`, plus the object streams the loader split, by object number, as the loaded
 * context holds them (pdf-lib keeps each stream object in the context beside its members).
 */
export async function loadKeepingObjectStreams(
  bytes: Uint8Array,
  options: LoadOptions,
): Promise<{ doc: PDFDocument; objectStreams: Map<number, LoadedObjectStream> }> {
  installCapture();
  const inflated = new Map<PDFRawStream, Uint8Array>();
  const doc = await capture.run(inflated, () => PDFDocument.load(bytes, options));
  const objectStreams = new Map<number, LoadedObjectStream>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const data = object instanceof PDFRawStream ? inflated.get(object) : undefined;
    if (!data || !(object instanceof PDFRawStream)) {
      continue;
    }
    const first = object.dict.get(PDFName.of('First'));
    const count = object.dict.get(PDFName.of('N'));
    if (first instanceof PDFNumber && count instanceof PDFNumber) {
      objectStreams.set(ref.objectNumber, {
        contents: object.contents,
        data,
        first: first.asNumber(),
        count: count.asNumber(),
      });
    }
  }
  return { doc, objectStreams };
}
