import type { ColumnType } from 'kysely';

/** Row types of every table. Times are ISO 8601 UTC strings, ids UUID strings, JSON as text. */
export type UsersTable = {
  id: string;
  email: string;
  /** Lower-cased e-mail: uniqueness and look-up ignore case. */
  email_lower: string;
  password_hash: string;
  created_at: string;
  /** The instance admin: lists, disables and deletes accounts, decides who may invite. */
  is_admin: BooleanColumn;
  /** A disabled account cannot sign in and its tokens stop working. */
  disabled: BooleanColumn;
  /** May send invitations (an admin always may). */
  can_invite: BooleanColumn;
};

/** One sign-in: a token names its session, so deleting the row revokes the token everywhere. */
export type SessionsTable = {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
};

/** A "forgot password" link: single use, expiring; only the token's SHA-256 is stored. */
export type PasswordResetsTable = {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/**
 * What owns templates, tables, records, files, mappings, forms, jobs and links (their `owner_id`).
 * A personal workspace's id is its account's id.
 */
export type WorkspacesTable = {
  id: string;
  name: string;
  /** The account whose personal workspace this is; null for a shared one. */
  personal_user_id: string | null;
  created_at: string;
};

/** A workspace's API tokens (issue 33): the secret's SHA-256 only, never the secret. */
export type ApiTokensTable = {
  id: string;
  workspace_id: string;
  name: string;
  /** `editor` | `viewer`. */
  role: string;
  token_hash: string;
  /** Null once the creating account is deleted (the token then stops working). */
  created_by: string | null;
  created_by_email: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
};

/** Who belongs to a workspace and with which role (`owner` | `admin` | `editor` | `viewer`). */
export type WorkspaceMembersTable = {
  workspace_id: string;
  user_id: string;
  role: string;
  created_at: string;
};

export type PdfTemplatesTable = {
  id: string;
  owner_id: string;
  name: string;
  /** Storage key of the PDF in use: as uploaded, or with the fields written by the field editor. */
  file_key: string;
  /** Storage key of the PDF as uploaded once fields were written into a copy (issue 29); else null. */
  original_file_key: string | null;
  file_size: number;
  /** JSON FieldData (contract.md "Template fields"). */
  field_data: string;
  field_count: number;
  page_count: number;
  /** JSON array of {width, height}. */
  pages: string;
  /** JSON TemplateFillSettings (contract templates.ts); null = the defaults. */
  fill_settings: string | null;
  /** JSON array of what the upload repair changed (scripts removed, …); null = nothing. */
  detection_notes: string | null;
  /**
   * When the template's stored files were known free of JavaScript (issue 35): set on upload;
   * null for templates stored before the upload repair, until the script sweep has cleaned them.
   */
  scripts_checked_at: string | null;
  /** Number of the revision the row shows (issue 32); its file and fields are copied here. */
  current_revision: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
};

/** One uploaded edition of a template's PDF (issue 32). */
export type TemplateRevisionsTable = {
  id: string;
  owner_id: string;
  template_id: string;
  /** 1, 2, … per template. */
  revision: number;
  /** Storage key of the PDF as uploaded. */
  file_key: string;
  file_size: number;
  field_data: string;
  field_count: number;
  page_count: number;
  pages: string;
  detection_notes: string | null;
  /** JSON array of the template's mapping rows when this revision stopped being current; null while current. */
  mappings: string | null;
  /** Who uploaded it (user id and name then); null for revisions made by the migration. */
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
};

/** Read as 0/1 on SQLite and true/false on PostgreSQL (read with `toBoolean`); written as boolean. */
type BooleanColumn = ColumnType<boolean | number, boolean, boolean>;

export type DynamicTablesTable = {
  id: string;
  owner_id: string;
  name: string;
  /** JSON array of Field (contract tables.ts). */
  fields: string;
  /** JSON array of CombinationRule. */
  combination_rules: string;
  use_display_field: BooleanColumn;
  display_field_key: string | null;
  /** How many records it holds, changed with every record insert and delete. */
  record_count: ColumnType<number, number | undefined, number>;
  /**
   * Changes with every write that changes what a records page shows (record insert, update,
   * delete, a change of the table's columns): remembered page starts and kept pages hold while it
   * stays.
   */
  records_version: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
};

export type TableRecordsTable = {
  id: string;
  owner_id: string;
  table_id: string;
  /** JSON object of values by field name; file fields hold a list of record_files ids. */
  data: string;
  created_at: string;
  updated_at: string;
  /** 1 at insert, one more with every write of `data`: the record's ETag (If-Match → 412). */
  version: number;
};

export type RecordFilesTable = {
  id: string;
  owner_id: string;
  table_id: string;
  record_id: string;
  field_name: string;
  filename: string;
  /** Sniffed from the bytes at upload, never taken from the client. */
  content_type: string;
  file_size: number;
  file_key: string;
  created_at: string;
};

export type FieldMappingsTable = {
  id: string;
  owner_id: string;
  template_id: string;
  field_name: string;
  mapped_table_id: string;
  /** Stored form: 'field', 'linkfield.field' or 'universal::key' (contract mapping-keys.ts). */
  mapped_field_key: string;
  suggested: BooleanColumn;
  /** JSON of a contract transform (transforms.ts); null when the value goes in as it is. */
  transform: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
};

/** What an account mapped (issue 28): caption, name and region kind → the target it chose. */
export type MappingMemoriesTable = {
  id: string;
  owner_id: string;
  /** The caption as printed (tooltip or label), for the reason text. */
  caption: string;
  /** Caption and field name as compared: folded, stemmed words (suggest/mapping-memory.ts). */
  caption_key: string;
  name_key: string;
  /** `record` or the region owner the field sat in (`preparer`, `other-row` …). */
  region: string;
  target_key: string;
  template_name: string;
  verdict: 'confirmed' | 'rejected';
  updated_at: string;
};

export type CompletedFormsTable = {
  id: string;
  owner_id: string;
  /** Not foreign keys: forms outlive their template, table and record (names are snapshots). */
  template_id: string;
  template_name: string;
  table_id: string;
  table_name: string;
  record_id: string;
  record_display_name: string;
  /** The bulk or multi-template job that made it; null for a single generation. */
  job_id: string | null;
  file_key: string;
  file_size: number;
  /** The spec's download name (§3), fixed at generation. */
  file_name: string;
  /** JSON FillReport of the fill engine. */
  fill_report: string;
  /** Counts of the report, so lists never parse reports. */
  fields_requested: number;
  fields_written: number;
  fields_with_problems: number;
  /** JSON array of accepted recipients. */
  email_sent_to: string;
  /** Why the last e-mail of this form failed; null when it went out or none was sent. */
  email_error: string | null;
  flattened: BooleanColumn;
  /** The template revision the form was made from (issue 32); null for forms made before. */
  template_revision: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  /** When its file was known to hold no JavaScript (issue 35); null: made before, unchecked. */
  scripts_checked_at: ColumnType<string | null, string | null | undefined, string | null>;
};

export type JobsTable = {
  id: string;
  owner_id: string;
  kind: string;
  /** queued | running | succeeded | failed */
  status: string;
  done: number;
  total: number;
  failed: number;
  /** JSON payload, checked by the job's zod schema when it runs. */
  payload: string;
  /** JSON result once finished. */
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

/** One item's outcome in a job split into tasks: written once per (job, item), whoever ran it. */
export type JobItemsTable = {
  job_id: string;
  item_id: string;
  /** The item's value as JSON (its job's shape); null when it failed. */
  value: string | null;
  /** What the failed item is called for the user (a record's display name). */
  label: string | null;
  error: string | null;
  created_at: string;
};

/** A shared rate-limit counter (PostgreSQL installs): its count and window end (epoch ms). */
export type RateCountersTable = {
  key: string;
  count: number;
  reset_at: number | string;
};

export type PublicFormLinksTable = {
  id: string;
  owner_id: string;
  /** 192 random bits, base64url: the only thing a visitor holds. */
  token: string;
  template_id: string;
  table_id: string;
  record_id: string;
  is_active: BooleanColumn;
  created_at: string;
  revoked_at: string | null;
  /** JSON array of the origins allowed to frame it; null: none. */
  embed_origins: string | null;
};

export type PublicDataLinksTable = {
  id: string;
  owner_id: string;
  token: string;
  table_id: string;
  record_id: string;
  is_active: BooleanColumn;
  expires_at: string | null;
  custom_message: string | null;
  created_at: string;
  updated_at: string;
  /** JSON array of the origins allowed to frame it; null: none. */
  embed_origins: string | null;
};

/** Record files uploaded through a data link: the visitor may remove these, and only these. */
export type PublicLinkUploadsTable = {
  file_id: string;
  link_id: string;
  created_at: string;
};

/** E-mail invitations; only a hash of the link's token is stored. */
export type InvitationsTable = {
  id: string;
  /** The user who sent it; the invitation goes with that account. */
  owner_id: string;
  email: string;
  email_lower: string;
  /** SHA-256 (hex) of the token in the link: the database alone cannot produce a working link. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  /** The workspace it invites into (accepting adds the membership); null: sign-up only. */
  workspace_id: string | null;
  /** The role in that workspace (`admin` | `editor` | `viewer`); null with no workspace. */
  role: string | null;
};

/** A remembered Idempotency-Key of one user (24 h): the request's hash and its first answer. */
export type IdempotencyKeysTable = {
  user_id: string;
  idem_key: string;
  /** SHA-256 hex of the method, path and body: the same key for another request is refused. */
  request_hash: string;
  /** The first answer's status; null while that request is still being answered. */
  status: number | null;
  content_type: string | null;
  response: string | null;
  created_at: string;
  expires_at: string;
};

/** The guided start of one account (issue 34): checklist dismissed, the sample it was given. */
export type UserOnboardingTable = {
  user_id: string;
  checklist_dismissed: BooleanColumn;
  sample_template_id: string | null;
  sample_table_id: string | null;
  updated_at: string;
};

/** One audit event (issue 31): append-only; names are copies made at the time of the write. */
export type AuditEventsTable = {
  id: string;
  workspace_id: string;
  at: string;
  actor_kind: string;
  /** The user, link or job id; null for the system. */
  actor_id: string | null;
  actor_name: string;
  source: string;
  action: string;
  target_kind: string;
  target_id: string;
  target_name: string;
  /** JSON array of {field, before, after}. */
  changes: string;
  ip: string | null;
  user_agent: string | null;
};

/** A deleted item kept for restore until `expires_at` (issue 32): its rows as JSON. */
export type TrashItemsTable = {
  /** The deleted item's own id. */
  id: string;
  workspace_id: string;
  /** `table` | `record` | `template` | `mapping` | `completed_form` */
  kind: string;
  name: string;
  deleted_at: string;
  deleted_by_id: string | null;
  deleted_by: string;
  expires_at: string;
  /** JSON TrashPayload (lib/trash/trash-rows.ts). */
  payload: string;
};

/** A stored file a trash item keeps until it is purged. */
export type TrashFilesTable = {
  trash_id: string;
  file_key: string;
};

/** A webhook endpoint of a workspace (issue 33). */
export type WebhooksTable = {
  id: string;
  workspace_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  secret: string;
  status: 'active' | 'paused';
  paused_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
};

/** One event for one endpoint: the outbox row and its delivery state (issue 33). */
export type WebhookDeliveriesTable = {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  first_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  locked_until: string | null;
  created_at: string;
};

export type Database = {
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  pdf_templates: PdfTemplatesTable;
  template_revisions: TemplateRevisionsTable;
  dynamic_tables: DynamicTablesTable;
  table_records: TableRecordsTable;
  record_files: RecordFilesTable;
  field_mappings: FieldMappingsTable;
  mapping_memories: MappingMemoriesTable;
  completed_forms: CompletedFormsTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  rate_counters: RateCountersTable;
  public_form_links: PublicFormLinksTable;
  public_data_links: PublicDataLinksTable;
  public_link_uploads: PublicLinkUploadsTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  idempotency_keys: IdempotencyKeysTable;
  user_onboarding: UserOnboardingTable;
  audit_events: AuditEventsTable;
  api_tokens: ApiTokensTable;
  trash_items: TrashItemsTable;
  trash_files: TrashFilesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
};
