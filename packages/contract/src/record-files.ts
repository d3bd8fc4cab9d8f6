import { removeBidiControls } from './file-names.ts';

/** What an upload to a record's file field is refused with (422, or 415 for `unsupported`). */
export const RECORD_FILE_MESSAGES = {
  fieldNameRequired: 'A field name is required',
  notFileField: (name: string) => `Field '${name}' is not a file field of this table.`,
  fileRequired: 'A file is required',
  fileEmpty: 'The file is empty',
  unsupported:
    'This file type is not supported. Upload a PDF, an image (PNG, JPEG, GIF, WEBP), a Word or Excel document, or a text or CSV file.',
} as const;

const MAX_FILENAME_LENGTH = 255;

/** An uploaded file's name as shown and downloaded: no path, no control characters, ≤ 255. */
export function cleanUploadFilename(raw: string): string {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const cleaned = removeBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return Array.from(cleaned).slice(0, MAX_FILENAME_LENGTH).join('') || 'file';
}
