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

/**
 * Turns an error body into one line for a banner or toast: a string detail as is, a list as
 * 'location: message' entries joined by '; ' (spec §8 Templates).
 */
export function formatErrorDetail(body: unknown): string | null {
  if (typeof body === 'string') {
    return body.trim() === '' ? null : body;
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return null;
  }
  const { detail } = parsed.data;
  if (typeof detail === 'string') {
    return detail;
  }
  return detail
    .map((issue) => {
      const where = issue.loc.filter((part) => part !== 'body').join('.');
      return where ? `${where}: ${issue.msg}` : issue.msg;
    })
    .join('; ');
}
