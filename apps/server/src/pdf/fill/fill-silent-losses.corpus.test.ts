import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/corpus.ts';
import { pdftkDump, qpdfComplaints } from '../../../test/fidelity-oracles.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { ENGINES, plan, RENDER_DPI } from '../../../test/render-corpus.ts';
import { inkByBox, missingRenderers, renderPages } from '../../../test/render-oracle.ts';
import { fillForm } from './fill-form.ts';

// The last silent losses of the render suite (issue 30), each on the corpus form it was found
// on, filled with the value and cleared the way the suite does (render-corpus.ts `plan`):
// - a radio option stacked under a sibling (Rhode Island DMV LI-1, "Transaction Type"): the
//   sibling listed later in /Annots painted its white "Off" box over the tick in every engine;
// - the "No" box of a Yes/No pair (Home Affairs forms 888 and 80): the suite cleared the field
//   with false, which on a Yes/No pair ticks "No" too, so the value never showed as a change.

const CASES = [
  ['us_ri_dmv_li1_application_2021.pdf', 'Transaction Type'],
  ['au_homeaffairs_form888_supporting_statement.pdf', 'ap.citizen evidence'],
  ['au_homeaffairs_form80_personal_particulars_2024.pdf', 'ap.curr passport orig doi'],
] as const;

const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const haveCorpus = CASES.every(([file]) => existsSync(join(corpusDir, 'pdf', file)));
const missing = [...missingRenderers(), ...(hasTool('pdftk') ? [] : ['pdftk'])];
const skipReason = !haveCorpus
  ? `SKIPPED: the corpus forms are not at ${corpusDir} (set FORMBRIDGE_CORPUS)`
  : missing.length > 0
    ? `SKIPPED: ${missing.join(' and ')} not installed`
    : undefined;

describe('values the render suite found hidden show in every engine', () => {
  if (skipReason) {
    console.warn(`fill-silent-losses.corpus.test.ts ${skipReason}`);
    it.skip(skipReason, () => undefined);
    return;
  }

  it.each(CASES)(
    '%s: %s shows in its own box',
    async (file, fieldName) => {
      const facts = JSON.parse(readFileSync(join(corpusDir, 'fields', `${file}.json`), 'utf8')) as {
        fields: Parameters<typeof plan>[0];
      };
      const planned = plan(facts.fields.filter((field) => field.name === fieldName))[0];
      expect(planned).toBeDefined();
      if (!planned) {
        return;
      }
      const bytes = new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
      const filled = await fillForm(bytes, { [fieldName]: planned.value });
      const cleared = await fillForm(bytes, { [fieldName]: planned.cleared });
      expect(filled.report.fields[0]?.problems).toEqual([]);
      expect(qpdfComplaints(filled.bytes, bytes)).toBeNull();
      // pdftk reads the value back.
      expect(pdftkDump(filled.bytes)).toMatch(
        new RegExp(`FieldName: ${fieldName}\\n(?:.+\\n)*?FieldValue: ${String(planned.value)}\\n`),
      );
      for (const engine of ENGINES) {
        const [before, after] = await Promise.all([
          renderPages(cleared.bytes, engine, RENDER_DPI),
          renderPages(filled.bytes, engine, RENDER_DPI),
        ]);
        const inks = inkByBox(before, after, planned.boxes, RENDER_DPI);
        expect(
          inks.map((ink) => `${engine} ${ink.key}: ${ink.inside > 0 ? 'ink' : 'no ink'}`),
        ).toEqual(planned.boxes.map((box) => `${engine} ${box.key}: ink`));
        expect(inks.every((ink) => ink.outside === 0)).toBe(true);
      }
    },
    120_000,
  );
});
