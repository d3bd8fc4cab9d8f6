// A minimal PDF writer for hostile test files: numbered object bodies in, a file with a correct
// cross-reference table out. Test support only; nothing here is a template a user would make.

/** Object bodies, object 1 first; `trailer` adds to the trailer dictionary (after /Size, /Root). */
export function writePdf(objects: Array<string | Buffer>, trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  for (const at of offsets) {
    xref.push(`${String(at).padStart(10, '0')} 00000 n \n`);
  }
  parts.push(
    Buffer.from(
      `${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** A stream object body: `dict` entries plus /Length, then the data. */
export function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

let zeroChunk: Buffer | undefined;

/**
 * zlib data that inflates to `bytes` zero bytes (a multiple of 1 MiB), built without ever holding
 * the inflated data: one deflated MiB, cut at a byte boundary, repeated, then an empty final
 * block and the Adler-32 of that many zeros. 1 GiB takes about 1 MB.
 */
export function zeroBomb(bytes: number): Buffer {
  const MiB = 1024 * 1024;
  if (!zeroChunk) {
    const { deflateRawSync, constants } = process.getBuiltinModule('node:zlib');
    zeroChunk = deflateRawSync(Buffer.alloc(MiB), {
      finishFlush: constants.Z_SYNC_FLUSH,
      level: 9,
    });
  }
  const count = Math.ceil(bytes / MiB);
  const adler = Buffer.alloc(4);
  // Adler-32 of n zero bytes: a stays 1, b adds 1 per byte.
  adler.writeUInt32BE(((((count * MiB) % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: count }, () => zeroChunk!),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
}
