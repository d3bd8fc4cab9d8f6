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
    expect(formatErrorDetail(body)).toBe('name: Field required; fields.0.name: Too long');
  });

  it('shows a plain text body as is and gives null for anything else', () => {
    expect(formatErrorDetail('Bad Gateway')).toBe('Bad Gateway');
    expect(formatErrorDetail('')).toBeNull();
    expect(formatErrorDetail({ message: 'x' })).toBeNull();
    expect(formatErrorDetail(null)).toBeNull();
  });
});
