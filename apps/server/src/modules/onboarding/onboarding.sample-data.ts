import type { TableProposal } from '@formbridge/contract/table-proposal';

// The sample of the guided start: OSHA Form 301 (a US federal government work, public domain in
// the US; see sample/README.md), a table for its employee, case and treatment blocks, and three
// fictional incidents. Every field named here exists in the PDF (onboarding.test.ts checks it).

export const SAMPLE_FILE = new URL('./sample/osha-form-301.pdf', import.meta.url);
export const SAMPLE_FILE_NAME = 'osha-form-301.pdf';
export const SAMPLE_TEMPLATE_NAME = 'OSHA Form 301 – Injury and Illness Incident Report (sample)';
export const SAMPLE_TABLE_NAME = 'Workplace incidents (sample)';
export const SAMPLE_DISPLAY_FIELD = 'full_name';

const US_DATE = { kind: 'date', pattern: 'MM/DD/YYYY', locale: 'en' } as const;

type Column = { name: string; label: string; type: 'string' | 'date'; pdf: string; date?: true };

const COLUMNS: Column[] = [
  { name: 'full_name', label: 'Employee name', type: 'string', pdf: '301 Full name' },
  { name: 'street', label: 'Street', type: 'string', pdf: '301 Address Street' },
  { name: 'city', label: 'City', type: 'string', pdf: '301 Address City' },
  { name: 'state', label: 'State', type: 'string', pdf: '301 Address State' },
  { name: 'zip', label: 'ZIP', type: 'string', pdf: '301 Address Zip' },
  { name: 'date_of_birth', label: 'Date of birth', type: 'date', pdf: '301 DOB', date: true },
  { name: 'date_hired', label: 'Date hired', type: 'date', pdf: '301 Date Hired', date: true },
  { name: 'gender', label: 'Gender (Male/Female)', type: 'string', pdf: '301 Gender' },
  { name: 'case_number', label: 'Case number', type: 'string', pdf: '301 Case Number' },
  {
    name: 'date_of_injury',
    label: 'Date of injury or illness',
    type: 'date',
    pdf: '301 Date of Injury or Illness',
    date: true,
  },
  { name: 'what_happened', label: 'What happened', type: 'string', pdf: '301 What Happened' },
  {
    name: 'injury',
    label: 'Injury or illness',
    type: 'string',
    pdf: '301 Describe Injury or Illness',
  },
  {
    name: 'emergency_room',
    label: 'Treated in an emergency room (Yes/No)',
    type: 'string',
    pdf: '301 ER',
  },
  {
    name: 'hospitalized',
    label: 'Hospitalized overnight (Yes/No)',
    type: 'string',
    pdf: '301 Hospitalized',
  },
  { name: 'completed_by', label: 'Completed by', type: 'string', pdf: '301 Completed by' },
  { name: 'title', label: 'Title', type: 'string', pdf: '301 Title' },
  { name: 'phone', label: 'Phone', type: 'string', pdf: '301 Phone' },
];

/** The sample table and the mapping of each of its columns to the form, as create-table takes it. */
export const SAMPLE_PROPOSAL: TableProposal = {
  table: {
    name: SAMPLE_TABLE_NAME,
    fields: COLUMNS.map(({ name, label, type }) => ({
      name,
      label,
      type,
      required: name === 'full_name',
    })),
    combination_rules: [],
  },
  mappings: COLUMNS.map((column) => ({
    field_name: column.pdf,
    mapped_field_key: column.name,
    ...(column.date ? { transform: US_DATE } : {}),
  })),
  unmapped: [],
};

const COMPLETED_BY = {
  completed_by: 'Dana Whitfield',
  title: 'Safety Manager',
  phone: '(555) 010-0142',
};

/** Three fictional incidents (names, addresses and numbers are made up). */
export const SAMPLE_RECORDS: ReadonlyArray<Record<string, string>> = [
  {
    full_name: 'Maria Lopez',
    street: '1200 Harbor Boulevard',
    city: 'Oakland',
    state: 'CA',
    zip: '94607',
    date_of_birth: '1988-04-12',
    date_hired: '2019-06-03',
    gender: 'Female',
    case_number: '2026-001',
    date_of_injury: '2026-03-14',
    what_happened: 'Slipped on a wet floor in the loading dock while carrying boxes.',
    injury: 'Sprained left ankle',
    emergency_room: 'No',
    hospitalized: 'No',
    ...COMPLETED_BY,
  },
  {
    full_name: 'James Carter',
    street: '45 Elm Street',
    city: 'Columbus',
    state: 'OH',
    zip: '43215',
    date_of_birth: '1975-11-30',
    date_hired: '2010-01-18',
    gender: 'Male',
    case_number: '2026-002',
    date_of_injury: '2026-05-02',
    what_happened: 'Cut by a box cutter while opening a shipment.',
    injury: 'Laceration, right hand',
    emergency_room: 'Yes',
    hospitalized: 'No',
    ...COMPLETED_BY,
  },
  {
    full_name: 'Aiko Tanaka',
    street: '88 Pine Avenue',
    city: 'Seattle',
    state: 'WA',
    zip: '98101',
    date_of_birth: '1992-07-21',
    date_hired: '2021-09-13',
    gender: 'Female',
    case_number: '2026-003',
    date_of_injury: '2026-08-19',
    what_happened: 'Lifted a heavy crate from the floor without help.',
    injury: 'Strained lower back',
    emergency_room: 'No',
    hospitalized: 'No',
    ...COMPLETED_BY,
  },
];
