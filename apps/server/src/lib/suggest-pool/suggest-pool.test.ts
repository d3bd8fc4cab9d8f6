import { afterAll, describe, expect, it } from 'vitest';
import { suggestFieldMappings } from '../../suggest/suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from '../../suggest/suggest-test-helpers.ts';
import { AppError } from '../errors.ts';
import { createSuggestPool } from './suggest-pool.ts';

const pool = createSuggestPool();
afterAll(() => pool.close());

const input = suggestInput(
  {
    'f1_1[0]': pdfField({ label: 'Your name' }),
    Phone: pdfField(),
    'f2_13[0]': pdfField({ label: 'Name', section: 'Paid Preparer Use Only', page: 1 }),
    Date: pdfField(),
  },
  table('Clients', ['Name', 'Phone', 'Date of Birth:date']),
);

describe('suggestions in a worker thread', () => {
  it('gives exactly what the engine gives on the request thread', async () => {
    const suggestions = await pool.suggest(input);
    expect(suggestions).toEqual(suggestFieldMappings(input));
    expect(suggestions.map((s) => s.suggested_field_key)).toEqual([
      'Name',
      'Phone',
      'universal::current_date',
    ]);
  });

  it('answers 503 with a reason when the engine runs past its deadline', async () => {
    const slow = createSuggestPool({ deadlineMs: 1 });
    try {
      const error = await slow.suggest(input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).detail).toMatch(/took longer than/);
    } finally {
      await slow.close();
    }
  });
});
