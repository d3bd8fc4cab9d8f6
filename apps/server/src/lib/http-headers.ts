/**
 * Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266), so "Zoë_форма.pdf"
 * arrives intact and a quote or newline in a name cannot break the header.
 */
export function contentDisposition(asAttachment: boolean, filename: string): string {
  const type = asAttachment ? 'attachment' : 'inline';
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
