import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

// Stands in for an argument while the query is compiled; never a value a caller passes.
const MARKER = '\u0000compile-once:';

type Slot<Args> = { key: keyof Args & string } | { value: unknown };
type Compiled<Row, Args> = { query: CompiledQuery<Row>; slots: ReadonlyArray<Slot<Args>> };

/**
 * A query that Kysely builds and compiles once per database kind, not on every call: building
 * the operation tree and compiling it was ~ 0.03 ms of a records page that was not kept, and
 * the garbage of every call. `build` may use `args` only as bound values, never to choose the
 * query's shape (no `if` on them, no `sql.raw`): it runs once with a marker for each argument,
 * and every call then binds its own arguments where those markers landed. A database with
 * Kysely plugins (which may rewrite each query) builds the query on every call instead.
 */
export function compileOnce<Args extends Record<string, unknown>, Row>(
  build: (db: Db, args: Args) => Compilable<Row>,
): (db: Db, args: Args) => Promise<Row[]> {
  // Keyed by the dialect's adapter: the same for the database and its transactions.
  const compiledFor = new WeakMap<object, Compiled<Row, Args>>();
  return async (db, args) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) {
      return (await db.executeQuery(build(db, args))).rows;
    }
    let compiled = compiledFor.get(executor.adapter);
    if (!compiled) {
      compiled = compileWithMarkers(db, build);
      compiledFor.set(executor.adapter, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('key' in slot ? args[slot.key] : slot.value));
    const { rows } = await db.executeQuery<Row>({ ...compiled.query, parameters });
    return rows;
  };
}

function compileWithMarkers<Args extends Record<string, unknown>, Row>(
  db: Db,
  build: (db: Db, args: Args) => Compilable<Row>,
): Compiled<Row, Args> {
  const read = new Set<string>();
  const markers = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (typeof key !== 'string') {
          return undefined;
        }
        read.add(key);
        return `${MARKER}${key}`;
      },
    },
  ) as Args;
  const query = build(db, markers).compile();
  const slots = query.parameters.map((parameter): Slot<Args> => {
    const isMarker = typeof parameter === 'string' && parameter.startsWith(MARKER);
    return isMarker ? { key: parameter.slice(MARKER.length) } : { value: parameter };
  });
  const bound = new Set(slots.flatMap((slot) => ('key' in slot ? [slot.key] : [])));
  const unbound = [...read].filter((key) => !bound.has(key));
  if (query.sql.includes(MARKER) || unbound.length > 0) {
    throw new Error(`compileOnce: arguments used other than as bound values: ${unbound.join()}`);
  }
  return { query, slots };
}
