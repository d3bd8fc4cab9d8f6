import { describe, expect, it } from 'vitest';
import {
  bulkGenerationBodySchema,
  generateQuerySchema,
  multiTemplateBodySchema,
  queryBooleanSchema,
  recipientsInputSchema,
} from './completed-forms.ts';
import { isFinishedJobStatus } from './jobs.ts';

describe('generation inputs', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['Yes', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['no', false],
    [true, true],
  ])('reads the query boolean %s as %s', (input, expected) => {
    expect(queryBooleanSchema.parse(input)).toBe(expected);
  });

  it('refuses other words as booleans', () => {
    expect(queryBooleanSchema.safeParse('maybe').success).toBe(false);
  });

  it('splits recipients given as a list, repeated or comma-separated, and drops empties', () => {
    expect(recipientsInputSchema.parse(' a@x.com , b@x.com,, ')).toEqual(['a@x.com', 'b@x.com']);
    expect(recipientsInputSchema.parse(['a@x.com', 'b@x.com, c@x.com', ' '])).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ]);
  });

  it('defaults what the spec client leaves out', () => {
    expect(generateQuerySchema.parse({})).toEqual({
      send_email: false,
      email_recipients: [],
      flatten: false,
    });
    expect(bulkGenerationBodySchema.parse({ record_ids: ['r1'] })).toEqual({
      record_ids: ['r1'],
      send_email: false,
      email_recipients: [],
      flatten: false,
    });
    expect(multiTemplateBodySchema.parse({ template_ids: ['t1'] })).toMatchObject({ merge: false });
  });

  it('limits bulk to 10,000 records and multi-template to 20 templates', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => `id${index}`);
    expect(bulkGenerationBodySchema.safeParse({ record_ids: ids(10_000) }).success).toBe(true);
    expect(bulkGenerationBodySchema.safeParse({ record_ids: ids(10_001) }).success).toBe(false);
    expect(multiTemplateBodySchema.safeParse({ template_ids: ids(21) }).success).toBe(false);
    expect(bulkGenerationBodySchema.safeParse({ record_ids: [] }).error?.issues[0]?.message).toBe(
      'Please select at least one record',
    );
  });

  it('knows which job statuses are final', () => {
    expect(
      ['queued', 'running', 'succeeded', 'failed'].map((status) =>
        isFinishedJobStatus(status as never),
      ),
    ).toEqual([false, false, true, true]);
  });
});
