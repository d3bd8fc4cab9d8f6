// Evaluation of the template-revision carry-over (issue 32): `npm run eval:revisions`.
//
//   node apps/server/test/eval-revisions.ts     (corpus from $FORMBRIDGE_CORPUS or ../shared/corpus)
//
// For every revision pair of the corpus README, each old field gets a mapping; the share of the
// unchanged fields' mappings carried to the right new field and the number carried to a wrong
// one are printed (hand answers: test/fixtures/revision-pairs-answers.json).
import { corpusDir } from './corpus.ts';
import { loadAnswers, scorePair } from './eval-revisions-core.ts';

const dir = corpusDir();
console.log(`corpus: ${dir}`);
console.log(
  '| pair | kind | unchanged fields | carried right | share | carried wrong | carried, not judged |',
);
console.log('|---|---|---|---|---|---|---|');
for (const answer of loadAnswers()) {
  const score = await scorePair(dir, answer);
  if (!score) {
    console.log(`| ${answer.id} | missing from the corpus | | | | | |`);
    continue;
  }
  const share = score.unchanged === 0 ? 'n/a' : `${(score.share * 100).toFixed(1)} %`;
  console.log(
    `| ${score.id} | ${score.kind} | ${score.unchanged} | ${score.carriedRight} | ${share} | ${score.carriedWrong} | ${score.carriedUnjudged} |`,
  );
  for (const w of score.wrong) {
    console.log(`    wrong: ${w.from} -> ${w.to}`);
  }
}
