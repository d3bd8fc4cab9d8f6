import { describe, expect, it } from 'vitest';
import { carryMappings } from './template-revision-carry.ts';
import { matchRevisionFields } from './template-revision-match.ts';
import type { FieldDataDto, FieldInfoDto } from './templates.ts';

type Rect = FieldInfoDto['rect'];

function field(rect: Rect, extra: Partial<FieldInfoDto> = {}): FieldInfoDto {
  return { type: 'text', page: 0, rect, widgets: [{ page: extra.page ?? 0, rect }], ...extra };
}

const ROW = (y: number): Rect => [100, y, 200, y + 12];

describe('matchRevisionFields', () => {
  it('keeps same names, and lists moved boxes', () => {
    const old: FieldDataDto = { a: field(ROW(10)), b: field(ROW(30)) };
    const now: FieldDataDto = { a: field(ROW(10)), b: field(ROW(70)) };
    const { diff, matches } = matchRevisionFields(old, now);
    expect(diff.kept).toEqual(['a']);
    expect(diff.moved).toEqual(['b']);
    expect(matches.every((m) => m.basis === 'name')).toBe(true);
  });

  it('renames by an overlapping box of the same type on the same page', () => {
    const old: FieldDataDto = { f1_01: field(ROW(10)), keep: field(ROW(50)) };
    const now: FieldDataDto = { f1_1: field([100.5, 10.4, 200, 22]), keep: field(ROW(50)) };
    const { diff } = matchRevisionFields(old, now);
    expect(diff.renamed).toEqual([{ from: 'f1_01', to: 'f1_1' }]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
  });

  it('does not match boxes of another type or on another page', () => {
    const old: FieldDataDto = { x: field(ROW(10)), y: field(ROW(40)) };
    const now: FieldDataDto = {
      cb: field(ROW(10), { type: 'checkbox' }),
      p2: field(ROW(40), { page: 1 }),
    };
    const { diff } = matchRevisionFields(old, now);
    expect(diff.renamed).toEqual([]);
    expect(diff.removed).toEqual(['x', 'y']);
    expect(diff.added).toEqual(['cb', 'p2']);
  });

  it('matches by a caption only when it is unique in both editions', () => {
    const old: FieldDataDto = {
      o1: field(ROW(10), { label: 'Date of birth' }),
      o2: field(ROW(40), { label: 'Town' }),
      o3: field(ROW(70), { label: 'Town' }),
      o4: field(ROW(100), { label: 'Phone' }),
    };
    const now: FieldDataDto = {
      n1: field([300, 200, 400, 212], { label: 'Date of birth:' }),
      n2: field([300, 230, 400, 242], { label: 'Town' }),
      n4: field([300, 300, 400, 312], { label: 'Phone' }),
      n5: field([300, 330, 400, 342], { label: 'Phone' }),
    };
    const { diff } = matchRevisionFields(old, now);
    expect(diff.renamed).toEqual([{ from: 'o1', to: 'n1' }]);
    expect(diff.removed).toEqual(['o2', 'o3', 'o4']);
  });

  it('matches a caption shared by a row of boxes in reading order when the counts agree', () => {
    const old: FieldDataDto = {
      zip: field([100, 10, 150, 22], { label: 'PLZ Ort' }),
      town: field([160, 10, 300, 22], { label: 'PLZ Ort' }),
    };
    const now: FieldDataDto = {
      Ort: field([160, 300, 300, 312], { page: 1, label: 'PLZ Ort' }),
      PLZ: field([100, 300, 150, 312], { page: 1, label: 'PLZ Ort' }),
    };
    const { diff } = matchRevisionFields(old, now);
    expect(diff.renamed).toEqual([
      { from: 'town', to: 'Ort' },
      { from: 'zip', to: 'PLZ' },
    ]);
  });

  it('does not pair a caption repeated down a column (rows of a table) by order', () => {
    const old: FieldDataDto = {
      rel1: field(ROW(10), { label: 'Relationship' }),
      rel2: field(ROW(30), { label: 'Relationship' }),
    };
    const now: FieldDataDto = {
      r1: field([300, 100, 400, 112], { label: 'Relationship' }),
      r2: field([300, 120, 400, 132], { label: 'Relationship' }),
    };
    expect(matchRevisionFields(old, now).matches).toEqual([]);
  });

  it('in a renumbered form, refuses a box match under a caption repeated in the edition', () => {
    // Rows of a table shifted by one: row 2's box now sits where row 1's is.
    const ssn = { label: 'Social security number' };
    const old: FieldDataDto = {
      row1_ssn: field(ROW(10), ssn),
      row2_ssn: field(ROW(30), ssn),
      x1: field(ROW(300)),
      x2: field(ROW(320)),
    };
    const now: FieldDataDto = {
      a_ssn: field(ROW(30), ssn),
      b_ssn: field(ROW(50), ssn),
      y1: field(ROW(500)),
      y2: field(ROW(520)),
    };
    const { matches } = matchRevisionFields(old, now);
    expect(matches.filter((m) => m.from.endsWith('ssn'))).toEqual([]);
  });

  it('lists a same name with another type as type_changed', () => {
    const { diff } = matchRevisionFields(
      { agree: field(ROW(10)) },
      { agree: field(ROW(10), { type: 'checkbox' }) },
    );
    expect(diff.type_changed).toEqual(['agree']);
  });

  it('in a renumbered form, refuses a moved same name and a box whose caption changed', () => {
    const old: FieldDataDto = {
      f1: field(ROW(10), { label: 'Line 4b' }),
      f2: field(ROW(30), { label: 'Line 5' }),
      g1: field(ROW(200)),
      g2: field(ROW(220)),
      g3: field(ROW(240)),
    };
    const now: FieldDataDto = {
      f1: field(ROW(50), { label: 'Line 5' }),
      h: field(ROW(30), { label: 'Line 6' }),
      k1: field(ROW(400)),
      k2: field(ROW(420)),
      k3: field(ROW(440)),
    };
    const { matches } = matchRevisionFields(old, now);
    expect(matches.find((m) => m.from === 'f1')).toBeUndefined();
    // Not to h, in its old place under another caption, but to the box now captioned "Line 5".
    expect(matches.find((m) => m.from === 'f2')).toEqual({
      from: 'f2',
      to: 'f1',
      basis: 'caption',
    });
  });

  it('assigns one to one: two old boxes over one new box leave both unmatched', () => {
    const old: FieldDataDto = { a: field(ROW(10)), b: field(ROW(10)) };
    const { matches } = matchRevisionFields(old, { n: field(ROW(10)) });
    expect(matches).toEqual([]);
  });
});

describe('carryMappings', () => {
  const old: FieldDataDto = {
    name: field(ROW(10)),
    agree: field(ROW(30)),
    gone: field(ROW(50)),
    colour: field(ROW(70), {
      type: 'dropdown',
      options: [
        { value: 'R', label: 'Red' },
        { value: 'G', label: 'Green' },
      ],
    }),
  };
  const now: FieldDataDto = {
    full_name: field(ROW(10)),
    agree: field(ROW(30), { type: 'checkbox', options: [{ value: 'Yes', label: 'Yes' }] }),
    colour: field(ROW(70), { type: 'dropdown', options: [{ value: 'R', label: 'Red' }] }),
  };

  it('carries matched mappings and drops removed, type-changed and missing-option ones', () => {
    const { matches } = matchRevisionFields(old, now);
    const mappings = [
      { id: '1', field_name: 'name', transform: null },
      { id: '2', field_name: 'agree', transform: null },
      { id: '3', field_name: 'gone', transform: null },
      {
        id: '4',
        field_name: 'colour',
        transform: {
          kind: 'value_map' as const,
          entries: [{ from: 'green', to: 'G' }],
          otherwise: 'keep' as const,
        },
      },
    ];
    const { carried, dropped } = carryMappings(mappings, matches, old, now);
    expect(carried).toEqual([{ id: '1', from: 'name', to: 'full_name' }]);
    expect(dropped.map((d) => [d.field_name, d.reason])).toEqual([
      ['agree', 'type_changed'],
      ['gone', 'field_removed'],
      ['colour', 'option_missing'],
    ]);
  });
});
