import { describe, expect, it } from 'vitest';
import { serializeResult } from '../../lib/jobs/job-queue.ts';
import type { StoredResultItem } from './generation-result.ts';
import { createResultLog } from './result-log.ts';

const item = (index: number): StoredResultItem => ({
  completed_form_id: `form-${index}`,
  template_id: 'template-1',
  template_name: 'Antrag – Zoë',
  record_id: `record-${index}`,
  // Multi-byte names (CJK, Arabic, emoji) across block boundaries.
  record_display_name: `${'名前 اسم 🙂'.repeat(index % 7)} ${index}`,
  file_name: `Form ${index}.pdf`,
  created_at: '2026-11-26T10:00:00.000Z',
  fill_summary: { requested: 27, written: 27, with_problems: index % 3 },
  email_sent_to: index % 5 === 0 ? ['a@example.com'] : [],
  email_error: null,
});

const rest = {
  successful: 0,
  total: 0,
  total_templates: null,
  record_display_name: null,
  template_name: 'Antrag',
  table_name: 'People',
  errors: [],
  zip: null,
  merged: null,
};

describe('createResultLog', () => {
  it('stores what the result objects would have stored, past many 64 KiB blocks', () => {
    const log = createResultLog();
    const items = Array.from({ length: 3_000 }, (_, index) => item(index));
    items.forEach((entry) => log.add(entry));
    const stored = serializeResult(log.toResult({ ...rest, successful: log.count }));
    expect(log.count).toBe(3_000);
    expect(stored?.length).toBeGreaterThan(3 * 64 * 1024);
    expect(JSON.parse(stored ?? '')).toEqual({ ...rest, successful: 3_000, results: items });
  });

  it('stores an empty list when nothing succeeded', () => {
    const stored = serializeResult(createResultLog().toResult(rest));
    expect(JSON.parse(stored ?? '')).toEqual({ ...rest, results: [] });
  });

  it('keeps an entry larger than a block whole', () => {
    const log = createResultLog();
    const large = { ...item(1), record_display_name: 'ü'.repeat(70_000) };
    log.add(item(0));
    log.add(large);
    log.add(item(2));
    const stored = JSON.parse(serializeResult(log.toResult(rest)) ?? '') as { results: unknown[] };
    expect(stored.results).toEqual([item(0), large, item(2)]);
  });
});
