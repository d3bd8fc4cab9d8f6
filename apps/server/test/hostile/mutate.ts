// Seeded byte-level mutations of real forms, for the fuzz test and `npm run fuzz`. The same seed
// gives the same mutants, so a failure can be replayed.
import fs from 'node:fs';
import path from 'node:path';
import { corpusDir, FIXTURE_DIR } from '../corpus.ts';

/** mulberry32: a small, fast, seedable PRNG. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NUMBERS = ['0', '-1', '99999999', '4294967296', '1e308', '-0', '3.4e38', '2147483647'];
const TOKENS = [
  '<<',
  '>>',
  '[',
  ']',
  'R',
  'obj',
  'endobj',
  'stream',
  'endstream',
  '/Kids',
  '/Parent',
  'null',
];

type Mutation = (bytes: Buffer, random: () => number) => Buffer;

const at = (bytes: Buffer, random: () => number) => Math.floor(random() * bytes.length);

const MUTATIONS: Record<string, Mutation> = {
  flipBits: (bytes, random) => {
    const copy = Buffer.from(bytes);
    for (let i = 1 + Math.floor(random() * 16); i > 0; i--) {
      const index = at(copy, random);
      copy[index] = copy[index]! ^ (1 << Math.floor(random() * 8));
    }
    return copy;
  },
  randomBytes: (bytes, random) => {
    const copy = Buffer.from(bytes);
    const start = at(copy, random);
    for (let i = 0; i < 1 + random() * 64 && start + i < copy.length; i++) {
      copy[start + i] = Math.floor(random() * 256);
    }
    return copy;
  },
  deleteChunk: (bytes, random) => {
    const start = at(bytes, random);
    const length = Math.floor(random() * Math.min(4096, bytes.length - start));
    return Buffer.concat([bytes.subarray(0, start), bytes.subarray(start + length)]);
  },
  duplicateChunk: (bytes, random) => {
    const start = at(bytes, random);
    const chunk = bytes.subarray(start, start + Math.floor(random() * 4096));
    const into = at(bytes, random);
    return Buffer.concat([bytes.subarray(0, into), chunk, chunk, bytes.subarray(into)]);
  },
  truncate: (bytes, random) => bytes.subarray(0, at(bytes, random)),
  replaceNumber: (bytes, random) => {
    const text = bytes.toString('latin1');
    const matches = [...text.matchAll(/\d+/g)];
    const match = matches[Math.floor(random() * matches.length)];
    if (!match || match.index === undefined) {
      return bytes;
    }
    const number = NUMBERS[Math.floor(random() * NUMBERS.length)]!;
    return Buffer.concat([
      bytes.subarray(0, match.index),
      Buffer.from(number, 'latin1'),
      bytes.subarray(match.index + match[0].length),
    ]);
  },
  insertToken: (bytes, random) => {
    const token = TOKENS[Math.floor(random() * TOKENS.length)]!;
    const into = at(bytes, random);
    return Buffer.concat([
      bytes.subarray(0, into),
      Buffer.from(` ${token} `),
      bytes.subarray(into),
    ]);
  },
};

const NAMES = Object.keys(MUTATIONS);

/** Corpus forms to mutate: the shared corpus when present, else the committed fixtures. */
export function loadSeedForms(maxBytes = 1024 * 1024): Array<{ name: string; bytes: Buffer }> {
  const shared = path.join(corpusDir(), 'pdf');
  const dir = fs.existsSync(shared) ? shared : path.join(FIXTURE_DIR, 'pdf');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => ({ name, bytes: fs.readFileSync(path.join(dir, name)) }))
    .filter((form) => form.bytes.length > 0 && form.bytes.length <= maxBytes);
}

export type Mutant = { label: string; bytes: Buffer };

/** Mutant number `index` of the run seeded `seed`: one to three mutations of one seed form. */
export function makeMutant(
  forms: Array<{ name: string; bytes: Buffer }>,
  seed: number,
  index: number,
): Mutant {
  const random = createRandom(seed * 1_000_003 + index);
  const form = forms[Math.floor(random() * forms.length)]!;
  let bytes = form.bytes;
  const applied: string[] = [];
  for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
    const name = NAMES[Math.floor(random() * NAMES.length)]!;
    bytes = MUTATIONS[name]!(bytes, random);
    applied.push(name);
  }
  return { label: `#${index} ${form.name} ${applied.join('+')}`, bytes };
}
