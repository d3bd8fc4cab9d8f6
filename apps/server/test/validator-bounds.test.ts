// Every validator that takes a list is linear in it and counts first (issue 35): 10,000 invalid
// addresses froze the server 11.4 s when each was looked up again in the whole list. Each case
// runs at 10× its limit and at 100,000 entries, and must answer well under a bound that a
// quadratic pass at that size cannot meet.
import os from 'node:os';
import {
  bulkGenerationBodySchema,
  emailFormBodySchema,
  MAX_BULK_RECORDS,
  MAX_EMAIL_RECIPIENTS,
  MAX_MULTI_TEMPLATES,
  multiTemplateBodySchema,
} from '@formbridge/contract/completed-forms';
import { validateRecordData } from '@formbridge/contract/records';
import { MAX_TABLE_FIELDS } from '@formbridge/contract/limits';
import { createTableBodySchema } from '@formbridge/contract/tables';
import { validateTableSchema } from '@formbridge/contract/tables-validation';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { checkRecipients } from '../src/modules/completed-forms/completed-forms.email.ts';
import { nameColumns } from '../src/modules/imports/imports.columns.ts';

// 300 ms on a quiet machine; a CI host shared with other work stretches it with the load per
// core (at most 4×). A quadratic pass over 100,000 entries takes tens of seconds.
const LOAD = Math.min(4, Math.max(1, os.loadavg()[0]! / os.availableParallelism()));
const BOUND_MS = 300 * LOAD;
const HUGE = 100_000;

function timed(run: () => unknown): number {
  const started = performance.now();
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) {
      throw error;
    }
  }
  return performance.now() - started;
}

const sizes = (limit: number) => [limit * 10, HUGE];
const invalidAddresses = (count: number) => Array.from({ length: count }, (_, i) => `bad-${i}`);

describe('validators stay linear at 10× their limit and at 100,000 entries', () => {
  for (const count of sizes(MAX_EMAIL_RECIPIENTS)) {
    it(`recipients: ${count} invalid addresses, as a list and as one string`, () => {
      const list = invalidAddresses(count);
      expect(timed(() => checkRecipients(list, ['body', 'recipients']))).toBeLessThan(BOUND_MS);
      expect(() => checkRecipients(list, ['body', 'recipients'])).toThrow(
        expect.objectContaining({ status: 422 }),
      );
      const joined = [list.join(', ')];
      expect(timed(() => emailFormBodySchema.parse({ recipients: joined }))).toBeLessThan(BOUND_MS);
      expect(timed(() => checkRecipients(joined, ['body', 'recipients']))).toBeLessThan(BOUND_MS);
    });
  }

  for (const count of sizes(MAX_BULK_RECORDS)) {
    it(`bulk: ${count} record ids with ${count} recipients`, () => {
      const body = {
        record_ids: Array.from({ length: count }, (_, i) => `record-${i}`),
        send_email: true,
        email_recipients: invalidAddresses(count),
      };
      expect(timed(() => bulkGenerationBodySchema.safeParse(body))).toBeLessThan(BOUND_MS);
      expect(bulkGenerationBodySchema.safeParse(body).success).toBe(false);
    });
  }

  for (const count of sizes(MAX_MULTI_TEMPLATES)) {
    it(`multi-template: ${count} template ids`, () => {
      const body = { template_ids: Array.from({ length: count }, () => 'same-template') };
      expect(timed(() => multiTemplateBodySchema.safeParse(body))).toBeLessThan(BOUND_MS);
      expect(multiTemplateBodySchema.safeParse(body).success).toBe(false);
    });
  }

  for (const count of sizes(MAX_TABLE_FIELDS)) {
    it(`tables: ${count} fields of one name`, () => {
      const body = createTableBodySchema.parse({
        name: 'T',
        fields: Array.from({ length: count }, () => ({ name: 'same' })),
      });
      const check = () => validateTableSchema(body, { linkableTableIds: [] });
      expect(timed(check)).toBeLessThan(BOUND_MS);
      expect(check()).toEqual([expect.objectContaining({ loc: ['fields'] })]);
    });
  }

  it(`records: a file field given ${HUGE} ids`, () => {
    const ids = Array.from({ length: HUGE }, (_, i) => `file-${i % 1000}-${i}`);
    const fields = [{ name: 'scan', type: 'file' as const, required: false }];
    expect(timed(() => validateRecordData(fields, { scan: ids }))).toBeLessThan(BOUND_MS);
  });

  it('imports: 16,384 columns with one header', () => {
    const header = Array.from({ length: 16_384 }, () => 'Name');
    expect(timed(() => nameColumns(header))).toBeLessThan(BOUND_MS);
    expect(nameColumns(header).slice(0, 3)).toEqual(['Name', 'Name (2)', 'Name (3)']);
  });
});
