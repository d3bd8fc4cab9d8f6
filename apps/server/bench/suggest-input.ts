// Synthetic input of the suggestion benchmarks: a form of `fieldCount` fields (named ones, XFA
// names with printed labels, checkboxes, radios and dropdowns, each with ranked caption candidates
// and a section, as detection stores them) against a table of `columnCount` fields with a linked
// table of 20, a combination rule and the universal values. Deterministic.
import type { Field } from '@formbridge/contract/tables';
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import type { SuggestInput } from '../src/suggest/suggest-types.ts';

// Words real forms use, combined deterministically into names, tooltips and labels.
const SUBJECTS = ['Applicant', 'Spouse', 'Employer', 'Emergency Contact', 'Preparer', 'Owner'];
const ITEMS = [
  'First Name',
  'Last Name',
  'Middle Initial',
  'Date of Birth',
  'SSN',
  'Street Address',
  'Apt No',
  'City',
  'State',
  'ZIP Code',
  'Phone',
  'Email',
  'Occupation',
  'Signature Date',
  'Country',
  'Gender',
  'Relationship',
  'Account Number',
  'Routing Number',
  'Total Amount',
];

/**
 * Layout findings as detection stores them: four ranked caption candidates (the box's own caption
 * and its neighbours') and a section heading, some of them another party's.
 */
function layout(i: number): Pick<FieldInfoDto, 'label_candidates' | 'section'> {
  const item = (offset: number) => ITEMS[(i + offset) % ITEMS.length] ?? '';
  return {
    label_candidates: [item(0), `${item(1)} (see instructions)`, item(2), 'Part II'],
    section: i % 7 === 0 ? 'Paid Preparer Use Only' : `Part ${1 + (i % 3)}`,
  };
}

function fieldInfo(i: number, overrides: Partial<FieldInfoDto>): FieldInfoDto {
  const top = 40 + (i % 40) * 18;
  return {
    type: 'text',
    page: Math.floor(i / 40),
    rect: [36, top, 300, top + 14],
    widgets: [{ page: Math.floor(i / 40), rect: [36, top, 300, top + 14] }],
    ...layout(i),
    ...overrides,
  };
}

/** Named fields, XFA-style generic ones with labels, checkboxes, radios and dropdowns. */
function buildForm(fieldCount: number): FieldDataDto {
  const fields: FieldDataDto = {};
  for (let i = 0; i < fieldCount; i++) {
    // k < 40 gives 40 distinct (subject, item) combinations per kind of field; past 200 fields
    // the same captions come back on later pages, as on long forms.
    const k = Math.floor(i / 5);
    const subject = SUBJECTS[k % SUBJECTS.length] ?? '';
    const item = ITEMS[(k * 7) % ITEMS.length] ?? '';
    const part = i < 200 ? '' : ` ${Math.floor(i / 200) + 1}`;
    switch (i % 5) {
      case 0:
        fields[`${subject} ${item}${part}`] = fieldInfo(i, { tooltip: `${subject} ${item}` });
        break;
      case 1:
        fields[`topmostSubform[0].Page${Math.floor(i / 40) + 1}[0].f1_${i}[0]`] = fieldInfo(i, {
          label: `${subject}'s ${item.toLowerCase()}. If you have a P.O. box, see instructions`,
        });
        break;
      case 2:
        fields[`Check Box${i}`] = fieldInfo(i, {
          type: 'checkbox',
          options: [{ value: 'Yes', label: 'Yes' }],
          label: `${subject} is ${item.toLowerCase()} on file`,
        });
        break;
      case 3:
        fields[`${subject.replace(/\s/g, '')}_${item.replace(/\s/g, '')}${part}`] = fieldInfo(i, {
          type: i % 2 === 0 ? 'radio' : 'dropdown',
          options: ['Yes', 'No', 'Unknown'].map((value) => ({ value, label: value })),
          label: item,
        });
        break;
      default:
        fields[`S${i} GF ${i}`] = fieldInfo(i, {
          tooltip: `${item} of the ${subject.toLowerCase()} (mm/dd/yyyy)`,
          max_length: i % 3 === 0 ? 2 : undefined,
        });
    }
  }
  return fields;
}

function field(name: string, type: Field['type'] = 'string'): Field {
  return { name, label: name, type, required: false };
}

/** The benchmark's engine input: `fieldCount` PDF fields against `columnCount` table fields. */
export function buildSuggestInput(fieldCount = 200, columnCount = 50): SuggestInput {
  const main: Field[] = ITEMS.map((item) => field(item, item.includes('Date') ? 'date' : 'string'));
  // Subject-specific fields ("Spouse Phone", "Owner City"…) compete with the plain ones, so the
  // assignment has real contention to resolve.
  for (let i = 0; main.length < columnCount - 2; i++) {
    const subject = SUBJECTS[(i + 1) % SUBJECTS.length] ?? '';
    const item = ITEMS[(i * 7) % ITEMS.length] ?? '';
    // Past the 60 distinct subject × item pairs, numbered copies ("Owner City 3"): wide tables have them.
    const copy = i < 60 ? '' : ` ${Math.floor(i / 60) + 1}`;
    main.push(field(`${subject} ${item}${copy}`, item.includes('Date') ? 'date' : 'string'));
  }
  main.push({ ...field('Employer', 'link'), linked_table_id: 'employers' });
  main.push(field('Scan', 'file'));
  const linked: Field[] = ITEMS.slice(0, 20).map((item) => field(`Company ${item}`));
  return {
    fields: buildForm(fieldCount),
    mappedFieldNames: new Set(),
    table: {
      name: 'Clients',
      fields: main,
      combination_rules: [
        {
          name: 'Full Name',
          label: 'Full Name',
          source_fields: ['First Name', 'Last Name'],
          separator: ' ',
        },
      ],
    },
    linkedTables: [
      {
        linkField: 'Employer',
        table: { name: 'Employers', fields: linked, combination_rules: [] },
      },
    ],
    universalFields: UNIVERSAL_FIELDS,
  };
}
