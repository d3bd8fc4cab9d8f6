// Kept apart from templates.ts so that the fill workers, which need only this rule, do not load zod
// (~10 MB per worker).

/** The reference text for addendum item `n` ("see addendum, item 3"). */
export function addendumReference(template: string, n: number): string {
  return template.includes('{n}') ? template.replaceAll('{n}', String(n)) : `${template} ${n}`;
}
