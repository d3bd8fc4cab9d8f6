import { RECORD_REGION } from './regions.ts';
import { describe, expect, it } from 'vitest';
import { assignTargets, MAX_MATCHED_ROWS } from './assign.ts';
import { maximumAssignment } from './hungarian.ts';
import type { FieldProfile, ScoredPair, Target } from './suggest-types.ts';

const THRESHOLD = 0.6;

function field(name: string, order: number, page = 0, repeatKey = ''): FieldProfile {
  return {
    name,
    order,
    page,
    pdfType: 'text',
    options: [],
    maxLength: undefined,
    sources: [],
    context: [],
    isDateLike: false,
    isNumberLike: false,
    repeatKey,
    row: null,
    isNumberedName: false,
    parties: new Set(),
    sectionParties: new Set(),
    partiesAbove: new Set(),
    region: RECORD_REGION,
    isPerRequestDate: false,
    nameSiblings: [],
  };
}

function target(key: string, order: number, reusable = false): Target {
  return {
    key,
    label: key,
    order,
    kind: reusable ? 'universal' : 'field',
    type: 'string',
    wordings: [],
    context: [],
    needsContext: false,
    minLength: 0,
    reusable,
    parties: new Set(),
  };
}

const pair = (f: FieldProfile, t: Target, score: number): ScoredPair => ({
  field: f,
  target: t,
  score,
});
const result = (pairs: ScoredPair[]) =>
  Object.fromEntries(assignTargets(pairs, THRESHOLD).map((p) => [p.field.name, p.target.key]));

describe('assignTargets', () => {
  const city = target('City', 0);
  const previousCity = target('Previous City', 1);
  const today = target('universal::current_date', 2, true);

  it('gives a table field to one PDF field only: the best one', () => {
    const a = field('Emergency city', 0);
    const b = field('City', 1);
    const c = field('Foreign city', 2);
    expect(result([pair(a, city, 0.7), pair(b, city, 0.95), pair(c, city, 0.75)])).toEqual({
      City: 'City',
    });
  });

  it('maximises total confidence instead of first come, first served', () => {
    const present = field('Present city', 0);
    const previous = field('Previous city', 1);
    const pairs = [
      pair(present, city, 0.8),
      pair(previous, city, 0.81),
      pair(previous, previousCity, 0.75),
    ];
    expect(result(pairs)).toEqual({ 'Present city': 'City', 'Previous city': 'Previous City' });
  });

  it('does not trade one strong pair for two barely acceptable ones', () => {
    const a = field('A', 0);
    const b = field('B', 1);
    const pairs = [pair(a, city, 0.95), pair(b, city, 0.9), pair(a, previousCity, 0.61)];
    expect(result(pairs)).toEqual({ A: 'City' });
  });

  it('lets universal values fill any number of fields', () => {
    const pairs = [0, 1, 2].map((i) => pair(field(`Date ${i}`, i), today, 0.9));
    expect(Object.values(result(pairs))).toEqual(Array(3).fill('universal::current_date'));
  });

  it('shares a target with the same field repeated on another page', () => {
    const first = field('Nom Prénom', 0, 0, 'nom prenom');
    const repeat = field('Nom Prénom P5', 1, 4, 'nom prenom');
    const name = target('Nom Prénom', 0);
    const nom = target('Nom', 1);
    const pairs = [pair(first, name, 1), pair(repeat, name, 1), pair(first, nom, 0.62)];
    expect(result(pairs)).toEqual({ 'Nom Prénom': 'Nom Prénom', 'Nom Prénom P5': 'Nom Prénom' });
  });

  it('breaks exact ties by field order, then target order', () => {
    const a = field('Raison sociale', 0, 0, 'raison sociale');
    const b = field('Raison sociale p5', 1, 4, 'raison sociale');
    const auditor = target('Auditeur.Raison sociale', 0);
    const advisor = target('Accompagnateur.Raison sociale', 1);
    const pairs = [
      pair(b, advisor, 0.85),
      pair(b, auditor, 0.85),
      pair(a, advisor, 0.85),
      pair(a, auditor, 0.85),
    ];
    expect(result(pairs)).toEqual({
      'Raison sociale': 'Auditeur.Raison sociale',
      'Raison sociale p5': 'Accompagnateur.Raison sociale',
    });
    expect(result([...pairs].reverse())).toEqual(result(pairs));
  });
});

describe('assignTargets on very large forms', () => {
  it('still gives each table field to one PDF field only', () => {
    const targets = [target('Name', 0), target('City', 1), target('Phone', 2)];
    const pairs: ScoredPair[] = [];
    for (let i = 0; i < MAX_MATCHED_ROWS + 50; i++) {
      const f = field(`Field ${i}`, i);
      targets.forEach((t, j) => pairs.push(pair(f, t, 0.7 + ((i * 7 + j * 13) % 29) / 100)));
    }
    const assigned = assignTargets(pairs, THRESHOLD);
    expect(assigned.map((p) => p.target.key).sort()).toEqual(['City', 'Name', 'Phone']);
    expect(new Set(assigned.map((p) => p.field.name)).size).toBe(3);
    // The best pair of all is always kept.
    const best = [...pairs].sort((a, b) => b.score - a.score)[0];
    expect(assigned).toContainEqual(best);
  });
});

describe('maximumAssignment', () => {
  // Every way of giving rows distinct columns (or none), for checking small cases.
  function bruteForce(gains: number[][], columns: number): number {
    const rows = gains.length;
    const best = (row: number, used: Set<number>): number => {
      if (row === rows) {
        return 0;
      }
      let value = best(row + 1, used);
      for (let j = 0; j < columns; j++) {
        const gain = gains[row]?.[j] ?? 0;
        if (gain > 0 && !used.has(j)) {
          used.add(j);
          value = Math.max(value, gain + best(row + 1, used));
          used.delete(j);
        }
      }
      return value;
    };
    return best(0, new Set());
  }

  it('finds the best total on small matrices', () => {
    // Fixed pseudo-random matrices: deterministic, no Math.random.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let trial = 0; trial < 40; trial++) {
      const rows = 1 + Math.floor(next() * 5);
      const columns = 1 + Math.floor(next() * 5);
      const gains = Array.from({ length: rows }, () =>
        Array.from({ length: columns }, () => (next() < 0.4 ? 0 : Math.round(next() * 100) / 100)),
      );
      const assignment = maximumAssignment(gains, columns);
      const taken = assignment.filter((j) => j >= 0);
      expect(new Set(taken).size).toBe(taken.length);
      const total = assignment.reduce((sum, j, i) => sum + (j >= 0 ? (gains[i]?.[j] ?? 0) : 0), 0);
      expect(total).toBeCloseTo(bruteForce(gains, columns), 9);
    }
  });

  it('leaves rows unassigned when nothing is worth taking', () => {
    expect(
      maximumAssignment(
        [
          [0, 0],
          [0, 0.5],
        ],
        2,
      ),
    ).toEqual([-1, 1]);
    expect(maximumAssignment([], 3)).toEqual([]);
  });
});
