import { describe, expect, it } from 'vitest';
import { fieldInfoSchema, readLabelCandidate } from './templates.ts';

const field = { type: 'text', page: 0, rect: [0, 0, 10, 10], widgets: [] };

describe('label candidates in field_data', () => {
  it('reads templates stored before candidates had a position, and the new form', () => {
    const old = fieldInfoSchema.parse({ ...field, label_candidates: ['Date of birth'] });
    const now = fieldInfoSchema.parse({
      ...field,
      label_position: 'above',
      label_candidates: [{ text: 'Date of birth', position: 'below' }],
    });
    expect(old.label_candidates?.map(readLabelCandidate)).toEqual([
      { text: 'Date of birth', position: undefined },
    ]);
    expect(now.label_candidates?.map(readLabelCandidate)).toEqual([
      { text: 'Date of birth', position: 'below' },
    ]);
  });

  it('refuses a position it does not know', () => {
    const parsed = fieldInfoSchema.safeParse({
      ...field,
      label_candidates: [{ text: 'Name', position: 'diagonal' }],
    });
    expect(parsed.success).toBe(false);
  });
});
