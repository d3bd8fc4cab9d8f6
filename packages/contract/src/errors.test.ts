import { describe, expect, it } from 'vitest';
import { formatErrorDetail } from './errors.ts';

describe('formatErrorDetail', () => {
  it('returns a string detail as is', () => {
    expect(formatErrorDetail({ detail: 'Template not found' })).toBe('Template not found');
  });

  it("joins a list detail as 'location: message' with '; '", () => {
    const body = {
      detail: [
        { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'fields', 0, 'name'], msg: 'Too long', type: 'too_big' },
      ],
    };
    expect(formatErrorDetail(body)).toBe('Name: Field required; Field 1 name: Too long');
  });

  it('names positions in words, never as internal paths', () => {
    const body = {
      detail: [
        { loc: ['query', 'email_recipients', 0], msg: "'x' is not valid", type: 'email' },
        { loc: ['body', 'recipients', -1], msg: "'also' is not valid", type: 'email' },
        { loc: ['body', 'data', 'firstName'], msg: 'Required', type: 'missing' },
        { loc: ['body'], msg: 'Invalid JSON', type: 'json' },
      ],
    };
    expect(formatErrorDetail(body)).toBe(
      "Email recipient 1: 'x' is not valid; Recipient: 'also' is not valid; First name: Required; Invalid JSON",
    );
  });

  it('gives null for anything that is not the API error shape', () => {
    expect(formatErrorDetail('Bad Gateway')).toBeNull();
    expect(formatErrorDetail({ detail: '' })).toBeNull();
    expect(formatErrorDetail({ message: 'x' })).toBeNull();
    expect(formatErrorDetail(null)).toBeNull();
  });
});
