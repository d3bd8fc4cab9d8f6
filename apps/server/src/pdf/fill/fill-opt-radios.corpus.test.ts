import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/corpus.ts';
import { pdftkDump, qpdfComplaints } from '../../../test/fidelity-oracles.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import {
  inkByBox,
  missingRenderers,
  renderPages,
  type InkBox,
} from '../../../test/render-oracle.ts';
import { ENGINES } from '../../../test/render-corpus.ts';
import { fillForm } from './fill-form.ts';

// Radio groups named by /Opt over widgets with several states each (issue 30): the option a
// user picks reads back as that option in pdftk, and only its own button shows ticked in
// poppler, MuPDF and pdf.js.

const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const ready =
  existsSync(join(corpusDir, 'manifest.json')) &&
  missingRenderers().length === 0 &&
  hasTool('pdftk') &&
  hasTool('qpdf');
const FILE = 'us_ny_ucs_nc2_name_change_minor_2024.pdf';

interface FactField {
  name: string;
  widgets: Array<{ page: number; rect_displayed: InkBox['rect'] }>;
}

function widgetBox(field: string, index: number): InkBox {
  const facts = JSON.parse(readFileSync(join(corpusDir, 'fields', `${FILE}.json`), 'utf8')) as {
    fields: FactField[];
  };
  const widget = facts.fields.find((candidate) => candidate.name === field)?.widgets[index];
  if (!widget) {
    throw new Error(`${FILE} has no widget ${index} of ${field}`);
  }
  return { key: `${field}#${index}`, page: widget.page, rect: widget.rect_displayed };
}

describe.skipIf(!ready)('radio options named by /Opt (us_ny_ucs_nc2)', () => {
  // Field → [option picked, index of the widget it names]. Widget states on this form: `/0 /8`
  // and `/1` (JudgmentsOrLiens), `/0 /1 /10` and `/1` (PartyToAction: both carry `/1`).
  it.each([
    [
      'first options',
      {
        JudgmentsOrLiens: ['Rect', 0],
        ReasonsForSexDesignationChangeRequest: ['Rect', 0],
        PartyToAction: ['TU', 0],
        RelationshipToMinor: ['Guardian', 0],
      },
    ],
    [
      'second options',
      {
        JudgmentsOrLiens: ['TU', 1],
        ReasonsForSexDesignationChangeRequest: ['BS', 1],
        PreviousNameChangePetition: ['BS', 1],
      },
    ],
  ] as const)(
    '%s read back in pdftk and tick only their own button in every engine',
    async (_, picks) => {
      const template = new Uint8Array(readFileSync(join(corpusDir, 'pdf', FILE)));
      const values = Object.fromEntries(
        Object.entries(picks).map(([field, [option]]) => [field, option]),
      );
      const filled = await fillForm(template, values);
      expect(filled.report.fields.flatMap((entry) => entry.problems)).toEqual([]);
      expect(qpdfComplaints(filled.bytes, template)).toBeNull();
      const dump = pdftkDump(filled.bytes);
      for (const [field, [option]] of Object.entries(picks)) {
        expect(dump).toMatch(
          new RegExp(`FieldName: ${field}\\n(?:.*\\n)*?FieldValue: ${option}\\n`),
        );
      }
      const cleared = await fillForm(
        template,
        Object.fromEntries(Object.keys(picks).map((field) => [field, null])),
      );
      expect(qpdfComplaints(cleared.bytes, template)).toBeNull();
      const boxes = Object.keys(picks).flatMap((field) => [
        widgetBox(field, 0),
        widgetBox(field, 1),
      ]);
      const wanted = Object.entries(picks).flatMap(([field, [, index]]) => [
        [`${field}#0`, index === 0],
        [`${field}#1`, index === 1],
      ]);
      for (const engine of ENGINES) {
        const [before, after] = await Promise.all([
          renderPages(cleared.bytes, engine, 100),
          renderPages(filled.bytes, engine, 100),
        ]);
        const ticked = inkByBox(before, after, boxes, 100).map((verdict) => [
          verdict.key,
          verdict.inside > 0,
        ]);
        expect([engine, ticked]).toEqual([engine, wanted]);
      }
    },
    180_000,
  );
});
