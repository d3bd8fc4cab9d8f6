// Scoring of the revision carry-over (issue 32) against the hand answers in
// fixtures/revision-pairs-answers.json: every old field is given a mapping, the new edition is
// matched, and each carried mapping is checked against the answer.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { carryMappings } from '@formbridge/contract/template-revision-carry';
import { matchRevisionFields } from '@formbridge/contract/template-revision-match';
import type { FieldDataDto } from '@formbridge/contract/templates';
import { detectFields } from '../src/pdf/detect/detect-fields.ts';

export type PairAnswer = {
  id: string;
  old: string;
  new: string;
  kind: string;
  complete: boolean;
  same: Record<string, string>;
  different?: Record<string, string>;
};

export type PairScore = {
  id: string;
  kind: string;
  unchanged: number;
  carriedRight: number;
  carriedWrong: number;
  carriedUnjudged: number;
  wrong: Array<{ from: string; to: string }>;
  /** carriedRight / unchanged, 1 when the answer lists no unchanged field. */
  share: number;
};

const ANSWERS = join(import.meta.dirname, 'fixtures', 'revision-pairs-answers.json');

export function loadAnswers(): PairAnswer[] {
  return (JSON.parse(readFileSync(ANSWERS, 'utf8')) as { pairs: PairAnswer[] }).pairs;
}

async function detect(dir: string, file: string): Promise<FieldDataDto | null> {
  const path = join(dir, 'pdf', file);
  if (!existsSync(path)) {
    return null;
  }
  return (await detectFields(new Uint8Array(readFileSync(path)))).fields;
}

/** Scores one pair; null when one of its PDFs is not in the corpus directory. */
export async function scorePair(dir: string, answer: PairAnswer): Promise<PairScore | null> {
  const oldData = await detect(dir, answer.old);
  const newData = await detect(dir, answer.new);
  if (!oldData || !newData) {
    return null;
  }
  const { matches } = matchRevisionFields(oldData, newData);
  const mappings = Object.keys(oldData).map((name) => ({
    id: name,
    field_name: name,
    transform: null,
  }));
  const { carried } = carryMappings(mappings, matches, oldData, newData);
  const score: PairScore = {
    id: answer.id,
    kind: answer.kind,
    unchanged: Object.keys(answer.same).length,
    carriedRight: 0,
    carriedWrong: 0,
    carriedUnjudged: 0,
    wrong: [],
    share: 1,
  };
  for (const { from, to } of carried) {
    const expected = answer.same[from];
    if (expected === to) {
      score.carriedRight++;
    } else if (expected !== undefined || answer.complete || answer.different?.[from] === to) {
      score.carriedWrong++;
      score.wrong.push({ from, to });
    } else {
      score.carriedUnjudged++;
    }
  }
  score.share = score.unchanged === 0 ? 1 : score.carriedRight / score.unchanged;
  return score;
}
