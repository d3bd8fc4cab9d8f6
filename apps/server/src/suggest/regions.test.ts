import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import type { Region } from './regions.ts';
import { isOtherPartysBox, RECORD_REGION, regionOf } from './regions.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';
import type { SuggestInput } from './suggest-types.ts';

function suggest(input: SuggestInput): Record<string, string> {
  return Object.fromEntries(
    suggestFieldMappings(input).map((s) => [s.field_name, s.suggested_field_key]),
  );
}

const clients = table('Clients', ['Name', 'Street Address', 'Phone', 'Date of Birth:date']);
const preparerBlock: FieldDataDto = {
  'f2_13[0]': pdfField({ label: 'Name', section: 'Paid Preparer Use Only', page: 1 }),
  'f2_18[0]': pdfField({ label: 'Phone no.', section: 'Paid Preparer Use Only', page: 1 }),
  'f1_1[0]': pdfField({ label: 'Your name' }),
};

describe('regions of the page and whose they are', () => {
  it("never writes the record's name or phone into the paid preparer's block", () => {
    expect(suggest(suggestInput(preparerBlock, clients))).toEqual({ 'f1_1[0]': 'Name' });
  });

  it("suggests the preparer's own fields there when the table links to preparers", () => {
    const withLink = table('Clients', ['Full Name', 'Phone', 'Preparer:link']);
    const preparers = { linkField: 'Preparer', table: table('Preparers', ['Name', 'Phone']) };
    const suggestions = suggestFieldMappings(suggestInput(preparerBlock, withLink, [preparers]));
    const phone = suggestions.find((s) => s.field_name === 'f2_18[0]');
    expect(phone?.suggested_field_key).toBe('Preparer.Phone');
    expect(phone?.region).toEqual({
      owner: 'preparer',
      label: 'Paid Preparer Use Only',
      foreign: false,
    });
  });

  it("keeps the record's identity out of a box whose caption names a witness", () => {
    const fields: FieldDataDto = {
      Text12: pdfField({ label: 'Witness name' }),
      Text13: pdfField({ label: 'Name' }),
    };
    expect(suggest(suggestInput(fields, clients))).toEqual({ Text13: 'Name' });
  });

  it('leaves the second copy of a block on the same page alone, not a repeat on another page', () => {
    const fields: FieldDataDto = {
      'Street address': pdfField(),
      'Street address_2': pdfField(),
    };
    expect(suggest(suggestInput(fields, clients))).toEqual({ 'Street address': 'Street Address' });
    const pages = new Map([
      ['Phone', 0],
      ['Phone_2', 1],
      ['Street address', 0],
    ]);
    expect(regionOf('Phone_2', pdfField({ page: 1 }), false, pages).owner).toBe('record');
    expect(regionOf('Street address_2', pdfField(), false, pages).owner).toBe('other-copy');
  });

  it("tells whose box it is for the record's identity, by region and by the box's own words", () => {
    const none = new Set<string>();
    const box = (region: Region, ownParties: string[] = []) => ({
      region,
      ownParties: new Set(ownParties),
    });
    const heading: Region = {
      owner: 'preparer',
      label: 'Paid Preparer Use Only',
      evidence: 'heading',
    };
    const laterRow: Region = { owner: 'other-row', label: 'row 2', evidence: 'structure' };
    const copy: Region = { owner: 'other-copy', label: 'copy 2', evidence: 'structure' };
    // Another party's region, a later row, a numbered copy: never the record's own identity.
    expect(isOtherPartysBox(box(heading), none)).toBe(true);
    expect(isOtherPartysBox(box(laterRow), none)).toBe(true);
    expect(isOtherPartysBox(box(copy), none)).toBe(true);
    // The box's own words name a witness though no heading says so.
    expect(isOtherPartysBox(box(RECORD_REGION, ['witness']), none)).toBe(true);
    // The record's region, or a target that is that party's own (a linked Preparer table).
    expect(isOtherPartysBox(box(RECORD_REGION), none)).toBe(false);
    expect(isOtherPartysBox(box(heading, ['preparer']), new Set(['preparer']))).toBe(false);
  });

  it('takes a name plus a copy number beside the same name on its page for a copy', () => {
    // NAM102's `newmiddle1` is the name on the birth record, next to the new name's `newmiddle`.
    const pages = new Map([
      ['newmiddle', 2],
      ['first', 0],
      ['Numerdomu[0]', 1],
      ['Text1', 0],
    ]);
    const owner = (name: string, page: number) =>
      regionOf(name, pdfField({ page }), false, pages).owner;
    expect(owner('newmiddle1', 2)).toBe('other-copy');
    expect(owner('Numerdomu2[0]', 1)).toBe('other-copy');
    // Another page's `first` is a repeat of the header, not a copy; `Text12` is numbered filler.
    expect(owner('first1', 2)).toBe('record');
    expect(owner('Text12', 0)).toBe('record');
    const fields: FieldDataDto = {
      newmiddle: pdfField({ label: 'Middle Name' }),
      newmiddle1: pdfField({ label: '(must reflect your current name or the proposed name)' }),
    };
    const applicants = table('Applicants', ['New Middle Name']);
    expect(suggest(suggestInput(fields, applicants))).toEqual({ newmiddle: 'New Middle Name' });
  });

  it("does not repeat a page's address on another page whose tooltip says it is another one", () => {
    const tooltip = (what: string) => `${what}. Wpisz numer domu`;
    const fields: FieldDataDto = {
      'Page1[0].Numerdomu[0]': pdfField({ tooltip: tooltip('Adres zamieszkania') }),
      'Page2[0].Numerdomu[0]': pdfField({
        page: 1,
        tooltip: tooltip('Adres miejsca prowadzenia pozarolniczej działalności'),
      }),
      'Page3[0].Numerdomu[0]': pdfField({ page: 2, tooltip: tooltip('Adres zamieszkania') }),
    };
    const injured = table('Poszkodowani', ['Numer domu']);
    expect(suggest(suggestInput(fields, injured))).toEqual({
      'Page1[0].Numerdomu[0]': 'Numer domu',
      'Page3[0].Numerdomu[0]': 'Numer domu',
    });
  });

  it("never writes the record's identity under another party's heading, whatever the page", () => {
    // Every kind of page that puts a box in someone else's block: the heading over it, the
    // tooltip naming the person who notifies, the caption of the official who submits.
    const fields: FieldDataDto = {
      'f1_1[0]': pdfField({ label: 'Your name' }),
      'f3_1[0]': pdfField({ label: 'Name', section: 'Witness', page: 2 }),
      'f3_2[0]': pdfField({ label: 'Street address', section: 'Witness', page: 2 }),
      'f3_3[0]': pdfField({ label: 'Date of birth', section: 'Father', page: 2 }),
      Dataurodzenia: pdfField({
        page: 1,
        tooltip: 'Wpisz datę urodzenia osoby, która zawiadamia o wypadku',
      }),
      submitting_official_fullname: pdfField({ label: 'Name of the official submitting this' }),
      // A certificate of service: the other side's address, not the filer's.
      other_party_address_street: pdfField({ section: 'CERTIFICATE OF SERVICE' }),
    };
    const identity = table('Clients', ['Name', 'Street Address', 'Date of Birth:date']);
    // A rule, not a discount: it holds however low the threshold is set.
    for (const threshold of [0.6, 0.3]) {
      const suggestions = suggestFieldMappings(suggestInput(fields, identity), { threshold });
      expect(suggestions.map((s) => [s.field_name, s.suggested_field_key])).toEqual([
        ['f1_1[0]', 'Name'],
      ]);
    }
  });

  it("keeps the record's identity out of opaque boxes where the page names someone else", () => {
    const fields: FieldDataDto = {
      'f1_1[0]': pdfField({ label: 'Your name', rect: [0, 40, 200, 52] }),
      // A sentence, not a title: no region, but the box says nothing of itself.
      'f1_2[0]': pdfField({
        label: 'Name',
        section: 'Complete this part for each household member:',
        rect: [0, 100, 200, 112],
      }),
      // Under a party heading that detection gave only to the box right below it.
      'f2_1[0]': pdfField({ label: 'Signature', section: 'Paid Preparer Use Only', page: 1 }),
      'f2_2[0]': pdfField({ label: 'Street address', page: 1, rect: [0, 30, 200, 42] }),
      'f2_3[0]': pdfField({ label: 'Phone', page: 1, rect: [0, 60, 200, 72] }),
    };
    const clients = table('Clients', ['Name', 'Street Address', 'Phone']);
    expect(suggest(suggestInput(fields, clients))).toEqual({ 'f1_1[0]': 'Name' });
    // A name that says only what, not whose, under the preparer's heading: uncertain too.
    const underHeading: FieldDataDto = {
      Signature: pdfField({ section: 'Paid Preparer Use Only', rect: [0, 10, 200, 22] }),
      'Street address': pdfField({ rect: [0, 40, 200, 52] }),
    };
    expect(suggest(suggestInput(underHeading, clients))).toEqual({});
    // A box its author named speaks for itself, whatever the sentence over it.
    const named: FieldDataDto = {
      name: pdfField({ section: 'Complete this part for each household member:' }),
    };
    expect(suggest(suggestInput(named, clients))).toEqual({ name: 'Name' });
  });

  it("never puts a person's name into a box that asks for a date", () => {
    const fields: FieldDataDto = { last_living_together_date: pdfField() };
    const people = table('Couples', ['Last Name', 'First Name']);
    expect(suggest(suggestInput(fields, people))).toEqual({});
    expect(suggest(suggestInput({ last_name: pdfField() }, people))).toEqual({
      last_name: 'Last Name',
    });
  });

  it('reads the region detection stored for a field before its words', () => {
    // "Name" says nothing of whose it is; the stored region (a heading detection saw) does.
    const fields: FieldDataDto = {
      Text1: pdfField({ label: 'Your name' }),
      Text2: pdfField({
        label: 'Name',
        page: 1,
        region: { owner: 'preparer', label: 'Paid Preparer Use Only', evidence: 'heading' },
      }),
    };
    expect(suggest(suggestInput(fields, clients))).toEqual({ Text1: 'Name' });
  });

  it("never takes the date of a request for today's date", () => {
    const fields: FieldDataDto = {
      Date: pdfField(),
      'Date from': pdfField(),
      To: pdfField({ label: 'To', tooltip: 'Date' }),
      'Dates of previous application': pdfField(),
    };
    expect(suggest(suggestInput(fields, clients))).toEqual({ Date: 'universal::current_date' });
  });

  it('never takes the dates and hours under a heading of several dates for today and now', () => {
    const flights = 'Date(s) des vols (préavis minimal de 10 jours ouvrables)';
    const fields: FieldDataDto = {
      Texte53: pdfField({ label: 'Date', section: flights }),
      Texte54: pdfField({ label: 'Heure', section: flights, rect: [120, 0, 150, 12] }),
      Texte70: pdfField({ label: 'Date', section: 'Signature', page: 1 }),
    };
    expect(suggest(suggestInput(fields, clients))).toEqual({ Texte70: 'universal::current_date' });
  });
});
