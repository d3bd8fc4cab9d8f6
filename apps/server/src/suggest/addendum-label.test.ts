import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test/corpus.ts';
import { detectFields } from '../pdf/detect/detect-fields.ts';
import { addendumLabel, isWholeCaption } from './addendum-label.ts';

// Addendum item labels (issue 30): a whole caption, else the tooltip, else the name.

const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const haveCorpus = existsSync(join(corpusDir, 'manifest.json'));

describe('isWholeCaption', () => {
  it.each([
    ['Date of birth', true],
    ['city', true],
    ['Name of physician or other health care professional', true],
    ['(Street address)', true],
    ['MOTION FOR', false],
    ['in this action who requests', false],
    ['soreness in wrist over time.”', false],
    ['on', false],
    ['V', false],
    ['I hereby certify that I have delivered a copy of this motion to', false],
  ])('%s → %s', (text, whole) => {
    expect(isWholeCaption(text)).toBe(whole);
  });
});

describe('addendumLabel', () => {
  it('takes the caption, then the tooltip, then the readable name', () => {
    expect(addendumLabel('f1', { label: 'Full name:', tooltip: 'Name' })).toBe('Full name');
    expect(addendumLabel('f1', { label: 'at', tooltip: 'time of hearing' })).toBe(
      'time of hearing',
    );
    expect(addendumLabel('form1[0].motion_name[0]', { label: 'MOTION FOR' })).toBe('motion name');
  });
});

describe.skipIf(!haveCorpus)('addendum labels of corpus forms', () => {
  async function labelsOf(file: string): Promise<Record<string, string>> {
    const bytes = new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
    const { fields } = await detectFields(bytes, { labels: true, timeoutMs: 60_000 });
    return Object.fromEntries(
      Object.entries(fields).map(([name, info]) => [name, addendumLabel(name, info)]),
    );
  }

  it('are whole captions where the nearest text is a piece of a sentence', async () => {
    const osha = await labelsOf('ppf_osha_613.pdf');
    // The printed text nearest these boxes ends the examples of the question above them.
    expect(osha['301 What Happened']).toBe('301 What Happened');
    expect(osha['301 Activity Prior to Event']).toBe('301 Activity Prior to Event');
    expect(osha['301 Full name']).toBe('Full name');
    const motion = await labelsOf('us_ma_cjd400_motion.pdf');
    expect(motion.user_request).toBe('user request');
    expect(motion.hearing_city).toBe('city');
    expect(motion.hearing_time).toBe('time of hearing');
    expect(motion.motion_name).toBe('motion name');
    expect(motion.user_phone).toBe('Tel. No');
  }, 120_000);
});
