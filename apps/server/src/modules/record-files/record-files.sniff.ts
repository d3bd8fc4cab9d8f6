// What an uploaded attachment really is, read from its bytes. The browser's Content-Type and the
// file name are the uploader's claims; the type we store and serve is this one, so a page
// disguised as a picture is never served as HTML.

export type SniffedType = {
  contentType: string;
  /** Served inline (a browser shows it) or as an attachment (saved, never rendered by us). */
  isInline: boolean;
};

const PDF: SniffedType = { contentType: 'application/pdf', isInline: true };
const image = (subtype: string): SniffedType => ({
  contentType: `image/${subtype}`,
  isInline: true,
});
const download = (contentType: string): SniffedType => ({ contentType, isInline: false });

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');
// Readers accept a PDF header anywhere in the first kilobyte (some producers put junk first).
const PDF_HEADER_WINDOW = 1024;
const TEXT_SAMPLE_BYTES = 64 * 1024;

function startsWith(bytes: Buffer, signature: Buffer | string, at = 0): boolean {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : signature;
  return bytes.subarray(at, at + expected.length).equals(expected);
}

const has = (bytes: Buffer, text: string, encoding: BufferEncoding = 'latin1') =>
  bytes.includes(Buffer.from(text, encoding));

// Word and Excel 97-2003 files are OLE compound files; their directory names the main stream
// (UTF-16LE), which tells them apart from other OLE files (MSI installers, Outlook messages).
function sniffOle(bytes: Buffer): SniffedType | null {
  if (has(bytes, 'WordDocument', 'utf16le')) {
    return download('application/msword');
  }
  if (has(bytes, 'Workbook', 'utf16le') || has(bytes, 'Book', 'utf16le')) {
    return download('application/vnd.ms-excel');
  }
  return null;
}

// DOCX and XLSX are zip archives; entry names are stored uncompressed in the headers.
function sniffZip(bytes: Buffer): SniffedType | null {
  if (has(bytes, 'word/document.xml')) {
    return download('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  }
  if (has(bytes, 'xl/workbook.xml')) {
    return download('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  }
  return null;
}

// Text has no NUL bytes and (almost) no control characters besides tab, line breaks and form feed.
function isText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, TEXT_SAMPLE_BYTES);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) {
      return false;
    }
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      controls += 1;
    }
  }
  return controls <= sample.length / 1000;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function sniffText(bytes: Buffer, filename: string): SniffedType | null {
  if (!isText(bytes)) {
    return null;
  }
  // The name only chooses between two kinds of plain text; both are served as downloads.
  const base = /\.csv$/i.test(filename) ? 'text/csv' : 'text/plain';
  return download(isUtf8(bytes) ? `${base}; charset=utf-8` : base);
}

/**
 * The type of an attachment from its content: PDF, PNG, JPEG, GIF, WEBP, Word/Excel (97-2003 and
 * Office Open XML), plain text or CSV. Null for anything else, which is refused.
 */
export function sniffContentType(bytes: Buffer, filename: string): SniffedType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) {
    return image('png');
  }
  if (startsWith(bytes, Buffer.from([0xff, 0xd8, 0xff]))) {
    return image('jpeg');
  }
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) {
    return image('gif');
  }
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) {
    return image('webp');
  }
  if (startsWith(bytes, OLE_SIGNATURE)) {
    return sniffOle(bytes);
  }
  if (startsWith(bytes, ZIP_SIGNATURE)) {
    return sniffZip(bytes);
  }
  if (bytes.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) {
    return PDF;
  }
  return sniffText(bytes, filename);
}

/** True when the bytes are an XLSX workbook (imports refuse those with a clear message). */
export function isXlsx(bytes: Buffer): boolean {
  return startsWith(bytes, ZIP_SIGNATURE) && has(bytes, 'xl/workbook.xml');
}
