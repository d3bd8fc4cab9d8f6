import { z } from 'zod';

/** One entry of a 422 validation error list: where and what. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** Every error body the API sends (contract.md "Errors"). */
export const errorBodySchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// Parts of a location that name where the value travelled, not what the user typed.
const TRANSPORT_PARTS = new Set(['body', 'query', 'querystring', 'path', 'params', 'headers']);
const CONTAINER_PARTS = new Set(['data', 'form_data', 'values']);

function singular(word: string): string {
  if (word.endsWith('ies')) {
    return `${word.slice(0, -3)}y`;
  }
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * A validation location in words: `['body', 'email_recipients', 0]` → 'Email recipient 1',
 * `['body', 'fields', 2, 'name']` → 'Field 3 name'. Empty when the location names nothing a user
 * typed.
 */
export function describeLocation(loc: ValidationIssue['loc']): string {
  const words: string[] = [];
  for (const part of loc) {
    const text = String(part);
    if (TRANSPORT_PARTS.has(text) || (words.length === 0 && CONTAINER_PARTS.has(text))) {
      continue;
    }
    if (/^-?\d+$/.test(text)) {
      const last = words.pop();
      if (last !== undefined) {
        words.push(singular(last));
      }
      if (Number(text) >= 0) {
        words.push(String(Number(text) + 1));
      }
      continue;
    }
    const word = text
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_\-.]+/g, ' ')
      .trim()
      .toLowerCase();
    if (word !== '') {
      words.push(word);
    }
  }
  const phrase = words.join(' ');
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** One issue as a sentence: 'Email recipient 1: 'x' is not a valid email address'. */
export function describeIssue(issue: ValidationIssue): string {
  const where = describeLocation(issue.loc);
  return where ? `${where}: ${issue.msg}` : issue.msg;
}

/**
 * Turns a JSON error body into one line for a banner or toast: a string detail as is, a list as
 * 'location: message' entries joined by '; ' (spec §8 Templates) with the location in words.
 * Null when the body is not the API's error shape; plain-text and HTML bodies are the caller's
 * decision (see the web app's describeError).
 */
export function formatErrorDetail(
  body: unknown,
  { withLocations = true }: { withLocations?: boolean } = {},
): string | null {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return null;
  }
  const { detail } = parsed.data;
  if (typeof detail === 'string') {
    return detail.trim() === '' ? null : detail;
  }
  if (detail.length === 0) {
    return null;
  }
  return detail.map((issue) => (withLocations ? describeIssue(issue) : issue.msg)).join('; ');
}

/** Puts rule issues (loc relative to the body) where the API reports them: under 'body'. */
export function inBody<T extends { loc: Array<string | number> }>(issues: readonly T[]): T[] {
  return issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] }));
}
