// The spreadsheet and validator cases of the fuzz (issue 35): seeded mutants of the hostile and
// ordinary spreadsheets through the import preview, and JSON bodies with lists 10× past their
// limit (up to 100,000 entries) through the endpoints that validate lists. Counts what a user
// would notice: 5xx or no answer, answers over 2 s, health stalls. Shared by `npm run fuzz` and
// the seeded sample in the test run.
import { buildXlsx } from '../xlsx.ts';
import { HOSTILE_SHEETS } from './hostile-sheets.ts';
import { startHealthProbe, type ServerProcess } from './server-process.ts';

export type InputFuzzStats = {
  requests: number;
  byStatus: Record<string, number>;
  /** 5xx or no answer, with the case that got it. */
  serverErrors: string[];
  /** Answers slower than 2 s. */
  slow: string[];
  slowestMs: number;
  health: Awaited<ReturnType<ReturnType<typeof startHealthProbe>['stop']>>;
};

type Case = { label: string; send: (server: ServerProcess, tableId: string) => Promise<Response> };

/** Mulberry32: a small seeded generator, so a failing case can be replayed by its number. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SMALL_HOSTILE = new Set(['one cell at ZZZZZZ2', 'a zip bomb: styles that inflate to 1 GB']);

/** The seeds mutants are made from: small hostile sheets and ordinary CSV and .xlsx files. */
async function sheetSeeds(): Promise<Array<{ name: string; filename: string; bytes: Buffer }>> {
  const people = Array.from({ length: 200 }, (_, i) => [`Person ${i}`, i % 90, `p${i}@x.org`]);
  const csv = ['Full Name,Age,Email', ...people.map((row) => row.join(','))].join('\r\n');
  return [
    ...HOSTILE_SHEETS.filter((sheet) => SMALL_HOSTILE.has(sheet.name)).map((sheet) => ({
      name: sheet.name,
      filename: sheet.filename,
      bytes: sheet.build(),
    })),
    { name: 'people.csv', filename: 'people.csv', bytes: Buffer.from(csv) },
    {
      name: 'people.xlsx',
      filename: 'people.xlsx',
      bytes: await buildXlsx([['Full Name', 'Age', 'Email'], ...people]),
    },
  ];
}

/** One seeded change: bytes flipped, cut, repeated, or cell references pushed far out. */
function mutate(bytes: Buffer, next: () => number): Buffer {
  const at = Math.floor(next() * bytes.length);
  switch (Math.floor(next() * 5)) {
    case 0: {
      const copy = Buffer.from(bytes);
      for (let i = 0; i < 1 + next() * 16; i += 1) {
        copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      }
      return copy;
    }
    case 1:
      return bytes.subarray(0, at);
    case 2: {
      const chunk = bytes.subarray(at, at + 1 + Math.floor(next() * 4096));
      return Buffer.concat([bytes.subarray(0, at), ...Array(64).fill(chunk), bytes.subarray(at)]);
    }
    case 3:
      // Row numbers and columns past Excel's (and a CSV line of separators).
      return Buffer.from(
        bytes
          .toString('latin1')
          .replace(/r="([A-Z]+)(\d+)"/, `r="XFE${1_048_577 + Math.floor(next() * 1e6)}"`)
          .replace(/\r\n/, `\r\n${','.repeat(20_000)}\r\n`),
        'latin1',
      );
    default:
      return Buffer.concat([bytes, Buffer.alloc(Math.floor(next() * 65_536), 0x0a)]);
  }
}

function previewCase(label: string, filename: string, bytes: Buffer): Case {
  return {
    label,
    send: (server, tableId) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), filename);
      return fetch(`${server.baseUrl}/api/v1/dynamic-tables/${tableId}/import/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
    },
  };
}

function jsonCase(label: string, path: (tableId: string) => string, body: unknown): Case {
  return {
    label,
    send: (server, tableId) =>
      fetch(`${server.baseUrl}${path(tableId)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      }),
  };
}

const ZERO_ID = '00000000-0000-4000-8000-000000000000';

/** A JSON body with one list far past its limit, the list chosen and sized by the seed. */
function validatorCase(index: number, next: () => number): Case {
  const count = [1_000, 10_000, 100_000][Math.floor(next() * 3)]!;
  const list = (make: (i: number) => unknown) => Array.from({ length: count }, (_, i) => make(i));
  const same = next() < 0.5;
  const label = (what: string) => `validator #${index}: ${count} ${what}`;
  switch (Math.floor(next() * 5)) {
    case 0:
      return jsonCase(label('recipients'), () => `/api/v1/completed-forms/${ZERO_ID}/email`, {
        recipients: list((i) => (same ? 'bad' : `bad-${i}`)),
      });
    case 1:
      return jsonCase(
        label('record ids and recipients'),
        (table) => `/api/v1/completed-forms/bulk/${ZERO_ID}/${table}`,
        {
          record_ids: list((i) => (same ? ZERO_ID : `r-${i}`)),
          send_email: true,
          email_recipients: list((i) => `x${i}@`),
        },
      );
    case 2:
      return jsonCase(
        label('template ids'),
        (table) => `/api/v1/completed-forms/multi-template/${table}/${ZERO_ID}`,
        { template_ids: list(() => ZERO_ID) },
      );
    case 3:
      return jsonCase(label('table fields'), () => '/api/v1/dynamic-tables/', {
        name: 'Fuzz',
        fields: list((i) => ({ name: same ? 'same' : `f${i}` })),
      });
    default:
      return jsonCase(label('records'), (table) => `/api/v1/dynamic-tables/${table}/records`, {
        data: Object.fromEntries(list((i) => [`k${i}`, 'v']) as Array<[string, unknown]>),
      });
  }
}

/** The seeded cases: `sheets` spreadsheet mutants, then `validators` list bodies. */
export async function inputCases(seed: number, sheets: number, validators: number) {
  const seeds = await sheetSeeds();
  const cases: Case[] = [];
  for (let index = 0; index < sheets; index += 1) {
    const next = random(seed * 7919 + index);
    const from = seeds[Math.floor(next() * seeds.length)]!;
    const bytes = index < seeds.length ? seeds[index]!.bytes : mutate(from.bytes, next);
    cases.push(previewCase(`sheet #${index} (${from.name})`, from.filename, bytes));
  }
  for (let index = 0; index < validators; index += 1) {
    cases.push(validatorCase(index, random(seed * 104_729 + index)));
  }
  return cases;
}

/** Runs the cases one after another against `server`, with a health probe alongside. */
export async function runInputFuzz(options: {
  server: ServerProcess;
  seed: number;
  sheets: number;
  validators: number;
}): Promise<InputFuzzStats> {
  const { server } = options;
  const table = await fetch(`${server.baseUrl}/api/v1/dynamic-tables/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'People', fields: [{ name: 'full_name', label: 'Full Name' }] }),
  });
  const tableId = ((await table.json()) as { id: string }).id;
  const cases = await inputCases(options.seed, options.sheets, options.validators);
  const stats: Omit<InputFuzzStats, 'health'> = {
    requests: 0,
    byStatus: {},
    serverErrors: [],
    slow: [],
    slowestMs: 0,
  };
  const probe = startHealthProbe(server.baseUrl, 50);
  for (const item of cases) {
    const started = performance.now();
    let status: string;
    try {
      const response = await item.send(server, tableId);
      await response.arrayBuffer();
      status = String(response.status);
      if (response.status >= 500) {
        stats.serverErrors.push(`${item.label}: ${response.status}`);
      }
    } catch (error) {
      status = 'no answer';
      stats.serverErrors.push(`${item.label}: ${String(error)}`);
    }
    const ms = performance.now() - started;
    stats.slowestMs = Math.max(stats.slowestMs, ms);
    if (ms > 2_000) {
      stats.slow.push(`${item.label}: ${Math.round(ms)} ms`);
    }
    stats.requests += 1;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  }
  return { ...stats, health: await probe.stop() };
}
