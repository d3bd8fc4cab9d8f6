import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from './errors.ts';

/** Deeper JSON than any form needs; deeper bodies would only exhaust recursive code later. */
export const MAX_JSON_DEPTH = 64;

type Finding = { kind: 'nul' | 'depth'; loc: Array<string | number> };

/** The first NUL character or over-deep nesting in a parsed value; iterative, so depth is safe. */
export function findHostileValue(value: unknown): Finding | undefined {
  const stack: Array<{ value: unknown; loc: Array<string | number> }> = [{ value, loc: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) {
      break;
    }
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) {
        return { kind: 'nul', loc: item.loc };
      }
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) {
      continue;
    }
    if (item.loc.length >= MAX_JSON_DEPTH) {
      return { kind: 'depth', loc: item.loc.slice(0, 8) };
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(item.value)
      ? item.value.map((child, index) => [index, child])
      : Object.entries(item.value);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.includes('\u0000')) {
        return { kind: 'nul', loc: [...item.loc, key.replaceAll('\u0000', '\\u0000')] };
      }
      stack.push({ value: child, loc: [...item.loc, key] });
    }
  }
  return undefined;
}

/**
 * Refuses NUL characters before they reach the database (PostgreSQL cannot store them in text):
 * in a path id the resource cannot exist, so 404; in the query or the body it is a 422, as is
 * JSON nested deeper than MAX_JSON_DEPTH.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (findHostileValue(request.params)) {
      throw new AppError(404, 'Not found');
    }
    for (const [context, value] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const finding = findHostileValue(value);
      if (finding) {
        throw validationError([
          {
            loc: [context, ...finding.loc],
            msg:
              finding.kind === 'nul'
                ? 'Text must not contain NUL characters'
                : `Nested deeper than ${MAX_JSON_DEPTH} levels`,
            type: finding.kind === 'nul' ? 'string_nul' : 'json_too_deep',
          },
        ]);
      }
    }
  });
}
