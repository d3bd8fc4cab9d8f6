import { storedKeys, type TestApp } from '../../../test/harness.ts';

// Shared by the record-file test files.

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

export function form(fields: {
  file?: Uint8Array;
  filename?: string;
  field_name?: string;
  type?: string;
}) {
  const body = new FormData();
  if (fields.field_name !== undefined) {
    body.append('field_name', fields.field_name);
  }
  if (fields.file) {
    body.append(
      'file',
      new Blob([fields.file], { type: fields.type ?? 'application/octet-stream' }),
      fields.filename ?? 'upload.bin',
    );
  }
  return body;
}

export function storedFiles(t: TestApp): Promise<string[]> {
  return storedKeys(t, 'record-files/');
}
