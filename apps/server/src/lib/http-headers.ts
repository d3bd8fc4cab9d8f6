/**
 * RFC 5987 ext-value: percent-encodes everything outside attr-char. encodeURIComponent leaves
 * ' ( ) * ! as they are, and an unescaped ' ends the charset/language prefix early — Chromium
 * then falls back to the ASCII name ("Zo__O'Brien.pdf" for "Zoë O'Brien.pdf").
 */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266), so "Zoë_форма.pdf"
 * arrives intact and a quote or newline in a name cannot break the header.
 */
export function contentDisposition(asAttachment: boolean, filename: string): string {
  const type = asAttachment ? 'attachment' : 'inline';
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}
