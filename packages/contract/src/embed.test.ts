import { describe, expect, it } from 'vitest';
import {
  embedOriginsBodySchema,
  embedSnippet,
  frameAncestors,
  normalizeOrigin,
  applyPrefill,
  readPrefill,
} from './embed.ts';

describe('embed origins', () => {
  it('keeps bare http(s) origins, normalised', () => {
    expect(normalizeOrigin('https://www.Example.org')).toBe('https://www.example.org');
    expect(normalizeOrigin(' https://example.org/ ')).toBe('https://example.org');
    expect(normalizeOrigin('https://example.org:443')).toBe('https://example.org');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it('refuses paths, other schemes, credentials, wildcards and bad ports', () => {
    for (const entry of [
      'https://example.org/form',
      'example.org',
      'ftp://example.org',
      'javascript:alert(1)',
      'https://user:pw@example.org',
      'https://*.example.org',
      'https://example.org?x=1',
      'https://example.org:99999',
      "https://example.org 'unsafe-inline'",
      '*',
    ]) {
      expect(normalizeOrigin(entry), entry).toBeNull();
    }
  });

  it('validates a body: duplicates merged, each bad entry pointed at', () => {
    expect(
      embedOriginsBodySchema.parse({
        allowed_origins: ['https://a.org', 'https://A.org/', 'http://b.org:81'],
      }),
    ).toEqual({ allowed_origins: ['https://a.org', 'http://b.org:81'] });
    const bad = embedOriginsBodySchema.safeParse({ allowed_origins: ['https://a.org', 'b.org/x'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['allowed_origins', 1]);
  });

  it('builds frame-ancestors and a snippet that escapes its attributes', () => {
    expect(frameAncestors([])).toBe("'self'");
    expect(frameAncestors(['https://a.org'])).toBe("'self' https://a.org");
    expect(embedSnippet('https://f.org/embed/form/t', 'https://f.org/embed.js', 'A "B" <C>')).toBe(
      '<iframe src="https://f.org/embed/form/t" title="A &quot;B&quot; &lt;C>" ' +
        'data-formbridge-embed style="width:100%;min-height:480px;border:0" loading="lazy"></iframe>\n' +
        '<script src="https://f.org/embed.js" async></script>',
    );
  });

  it('reads prefill parameters', () => {
    expect(
      readPrefill([
        ['prefill.first_name', 'Ada'],
        ['prefill.', 'x'],
        ['other', 'y'],
        ['prefill.first_name', 'Grace'],
      ]),
    ).toEqual({ first_name: 'Grace' });
  });
});

describe('prefill', () => {
  const text = { id: 'name', type: 'text', current_value: null };
  it('fills empty fields with values their input can hold', () => {
    expect(
      applyPrefill(
        [
          text,
          { id: 'agree', type: 'checkbox', current_value: false },
          {
            id: 'country',
            type: 'select',
            options: [{ value: 'FR', label: 'France' }],
            current_value: null,
          },
          { id: 'age', type: 'number', current_value: null },
          { id: 'born', type: 'date', current_value: '' },
        ],
        { name: ' Ada ', agree: 'yes', country: 'france', age: '36', born: '1815-12-10' },
      ),
    ).toEqual({ name: 'Ada', agree: true, country: 'FR', age: '36', born: '1815-12-10' });
  });

  it('never replaces a stored value and drops what the field cannot hold', () => {
    expect(
      applyPrefill(
        [
          { id: 'name', type: 'text', current_value: 'Grace' },
          { id: 'age', type: 'number', current_value: null },
          { id: 'born', type: 'date', current_value: null },
          {
            id: 'country',
            type: 'radio',
            options: [{ value: 'FR', label: 'France' }],
            current_value: null,
          },
          { id: 'scan', type: 'file', current_value: null },
        ],
        { name: 'Ada', age: 'many', born: '10/12/1815', country: 'Spain', scan: 'x', other: 'y' },
      ),
    ).toEqual({});
  });
});
