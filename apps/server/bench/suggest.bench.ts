// Benchmark of the mapping suggestion engine: a 200-field form against a 50-field table with a
// 20-field linked table and the universal values; every field carries ranked caption candidates
// and a section, as detection stores them. Prints the median of 20 runs (after warm-up)
// and the first, cold run. Target: median under 100 ms.
//
//   node apps/server/bench/suggest.bench.ts
import type { Field } from '@formbridge/contract/tables';
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import {
  DEFAULT_SUGGEST_THRESHOLD,
  scorePairs,
  suggestFieldMappings,
} from '../src/suggest/suggest-field-mappings.ts';
import type { SuggestInput } from '../src/suggest/suggest-types.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const WARM_UP = 3;

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

/** 200 fields: named ones, XFA-style generic ones with labels, checkboxes, radios and dropdowns. */
function buildForm(): FieldDataDto {
  const fields: FieldDataDto = {};
  for (let i = 0; i < 200; i++) {
    // k < 40 gives 40 distinct (subject, item) combinations per kind of field.
    const k = Math.floor(i / 5);
    const subject = SUBJECTS[k % SUBJECTS.length] ?? '';
    const item = ITEMS[(k * 7) % ITEMS.length] ?? '';
    switch (i % 5) {
      case 0:
        fields[`${subject} ${item}`] = fieldInfo(i, { tooltip: `${subject} ${item}` });
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
        fields[`${subject.replace(/\s/g, '')}_${item.replace(/\s/g, '')}`] = fieldInfo(i, {
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

function buildInput(): SuggestInput {
  const main: Field[] = ITEMS.map((item) => field(item, item.includes('Date') ? 'date' : 'string'));
  // Subject-specific fields ("Spouse Phone", "Owner City"…) compete with the plain ones, so the
  // assignment has real contention to resolve.
  for (let i = 0; main.length < 48; i++) {
    const subject = SUBJECTS[(i + 1) % SUBJECTS.length] ?? '';
    const item = ITEMS[(i * 7) % ITEMS.length] ?? '';
    main.push(field(`${subject} ${item}`, item.includes('Date') ? 'date' : 'string'));
  }
  main.push({ ...field('Employer', 'link'), linked_table_id: 'employers' });
  main.push(field('Scan', 'file'));
  const linked: Field[] = ITEMS.slice(0, 20).map((item) => field(`Company ${item}`));
  return {
    fields: buildForm(),
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

const input = buildInput();
let started = performance.now();
const first = suggestFieldMappings(input);
const coldMs = performance.now() - started;
for (let i = 0; i < WARM_UP; i++) {
  suggestFieldMappings(input);
}
const times: number[] = [];
// CPU time of this process too: on a shared machine wall time mostly measures the neighbours.
const cpuTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const cpu = process.cpuUsage();
  started = performance.now();
  suggestFieldMappings(input);
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
}
const medianOf = (values: number[]) => {
  values.sort((a, b) => a - b);
  return ((values[RUNS / 2 - 1] ?? 0) + (values[RUNS / 2] ?? 0)) / 2;
};
const median = medianOf(times);
const cpuMedian = medianOf(cpuTimes);
console.log(
  `suggestFieldMappings: ${Object.keys(input.fields).length} PDF fields × ` +
    `${input.table.fields.length} table fields + ${input.linkedTables[0]?.table.fields.length ?? 0} linked`,
);
const pairs = scorePairs(input, DEFAULT_SUGGEST_THRESHOLD).length;
console.log(`  candidate pairs above the threshold: ${pairs}; suggestions: ${first.length}`);
console.log(`  cold first run: ${coldMs.toFixed(1)} ms`);
console.log(
  `  median of ${RUNS}: ${median.toFixed(1)} ms (min ${(times[0] ?? 0).toFixed(1)}, max ${(times.at(-1) ?? 0).toFixed(1)})`,
);
console.log(`  median CPU time of ${RUNS}: ${cpuMedian.toFixed(1)} ms`);
