import { z } from 'zod';

// Webhooks (issue 33): a workspace's Admins subscribe an http(s) URL to events; each event is
// POSTed as JSON, signed with the endpoint's secret, retried with back-off for 24 hours.

/** Every event an endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'completed_form.created',
  'bulk_job.finished',
  'record.created',
  'record.updated',
  'public_form.submitted',
  'data_link.submitted',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** What each event means, as the screen and docs describe it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'completed_form.created': 'A completed form was made (single, multi-template or bulk item)',
  'bulk_job.finished': 'A bulk or multi-template job finished',
  'record.created': 'A record was created (web, API, import)',
  'record.updated': 'A record was updated (web, API, public form, data link)',
  'public_form.submitted': 'A visitor submitted a public form',
  'data_link.submitted': 'A visitor submitted a data link',
};

/** Endpoints per workspace; more is almost always a mistake (one per integration). */
export const WEBHOOKS_PER_WORKSPACE_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Formbridge-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Formbridge-Event-Id';

export const WEBHOOK_MESSAGES = {
  urlScheme: 'The URL must start with http:// or https://',
  urlInvalid: 'Enter a valid URL',
  privateAddress:
    'The URL points to a private, loopback or link-local address; webhooks are delivered only to public addresses',
  unresolvable: 'The host name of the URL could not be resolved',
  tooMany: `A workspace can have at most ${WEBHOOKS_PER_WORKSPACE_MAX} webhook endpoints`,
  eventsRequired: 'Choose at least one event',
} as const;

const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .regex(/^https?:\/\//i, WEBHOOK_MESSAGES.urlScheme)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }));

const webhookEventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => [...new Set(events)]);

/** POST /api/v1/workspaces/{id}/webhooks */
export const webhookCreateSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** PATCH …/webhooks/{webhook_id}: any of the URL, the events, or pausing/resuming. */
export const webhookUpdateSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  status: z.enum(['active', 'paused']).optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookStatusSchema = z.enum(['active', 'paused']);
export const webhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** 201 of the create: the secret is shown this once and never again. */
export const webhookCreatedSchema = z.object({ id: z.string(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  status: webhookStatusSchema,
  /** Why it is paused: by an Admin, or automatically after failing for 24 hours. */
  paused_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: z
    .object({
      status: webhookDeliveryStatusSchema,
      at: z.string().nullable(),
      last_status_code: z.number().nullable(),
    })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event: webhookEventTypeSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  /** The first 1 KB of the receiver's last answer. */
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** The JSON body of every delivery; `id` stays the same across retries and redeliveries. */
export const webhookEventBodySchema = z.object({
  id: z.string(),
  type: webhookEventTypeSchema,
  created_at: z.string(),
  workspace_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;

/** Where a record write came from, as `record.*` events report it. */
export const webhookRecordSourceSchema = z.enum([
  'web',
  'api',
  'import',
  'public_form',
  'data_link',
]);
