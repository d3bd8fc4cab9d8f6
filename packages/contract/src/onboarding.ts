import { z } from 'zod';
import { tableResponseSchema } from './tables.ts';
import { templateSummarySchema } from './templates.ts';

// The guided start (issue 34): a checklist of the four steps to a first filled PDF, tracked from
// the account's own data, and a sample form with a mapped table and three records made in one
// click for an account that has nothing yet.

export const ONBOARDING_STEPS = ['upload', 'table', 'map', 'generate'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number];

/** What each checklist step asks of the user, in order. */
export const ONBOARDING_STEP_LABELS: Readonly<Record<OnboardingStepKey, string>> = {
  upload: 'Upload a fillable PDF form',
  table: 'Make a table for the data it asks for',
  map: "Map the form's fields to the table's columns",
  generate: 'Generate a filled PDF',
};

export const onboardingStepSchema = z.object({
  key: z.enum(ONBOARDING_STEPS),
  done: z.boolean(),
});

/** GET /api/v1/onboarding → 200 (and PATCH's answer). */
export const onboardingSchema = z.object({
  steps: z.array(onboardingStepSchema),
  /** Every step done. */
  complete: z.boolean(),
  /** The user closed the checklist. */
  dismissed: z.boolean(),
  /** The sample made for this account, while both its template and its table exist. */
  sample: z.object({ template_id: z.string(), table_id: z.string() }).nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** PATCH /api/v1/onboarding. */
export const onboardingUpdateSchema = z.object({ dismissed: z.boolean() });
export type OnboardingUpdate = z.infer<typeof onboardingUpdateSchema>;

/**
 * POST /api/v1/onboarding/sample → 201 when made now, 200 when this account's sample exists
 * already (the same template and table: a second click makes nothing new).
 */
export const sampleResponseSchema = z.object({
  template: templateSummarySchema,
  table: tableResponseSchema,
  records_created: z.number().int().nonnegative(),
  mappings_created: z.number().int().nonnegative(),
  created: z.boolean(),
});
export type SampleResponse = z.infer<typeof sampleResponseSchema>;
