import { describe, expect, it } from 'vitest';
import { contentDisposition } from './http-headers.ts';

// What a browser does with filename*: charset, language, then the percent-encoded name.
function readExtendedName(header: string): string {
  const match = /filename\*=UTF-8''([^;\s]+)/.exec(header);
  if (!match?.[1]) {
    throw new Error(`no filename* in ${header}`);
  }
  expect(match[1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
  return decodeURIComponent(match[1]);
}

describe('contentDisposition', () => {
  it('keeps "Zoë O\'Brien" intact: the apostrophe is percent-encoded (RFC 5987 attr-char)', () => {
    const header = contentDisposition(true, "Zoë_O'Brien_Application_2026-11-25.pdf");
    expect(header).toContain("filename*=UTF-8''Zo%C3%AB_O%27Brien_Application_2026-11-25.pdf");
    expect(readExtendedName(header)).toBe("Zoë_O'Brien_Application_2026-11-25.pdf");
  });

  it('encodes ( ) * ! too and keeps a safe ASCII fallback', () => {
    const header = contentDisposition(false, 'Report (final)* v2!.pdf');
    expect(header.startsWith('inline; filename="Report (final)* v2!.pdf"')).toBe(true);
    expect(header).toContain("filename*=UTF-8''Report%20%28final%29%2A%20v2%21.pdf");
    expect(readExtendedName(header)).toBe('Report (final)* v2!.pdf');
  });

  it('cannot be broken by quotes or backslashes in a name', () => {
    const header = contentDisposition(true, 'a"b\\c.pdf');
    expect(header).toContain('filename="a_b_c.pdf"');
    expect(readExtendedName(header)).toBe('a"b\\c.pdf');
  });
});
