/**
 * Every TanStack Query key of the web app, in one typed factory (TanStack Query's "query key
 * factory"). Keys are hierarchical: invalidating a key also invalidates every key that starts with
 * it, so where a key sits decides what a mutation refreshes. Features build keys only here, never
 * as literals, so two screens that cache the same answer share one entry and one invalidation.
 */
export const queryKeys = {
  templates: {
    /** GET /pdf-templates/ (the list), and the prefix of every template. */
    all: ['templates'] as const,
    detail: (id: string) => ['templates', id] as const,
    /** The field finder's proposals for a template, under it: a new file makes them stale. */
    fieldCandidates: (id: string) => ['templates', id, 'field-candidates'] as const,
    /** A template's revisions (issue 32), under it: a new revision refreshes both. */
    revisions: (id: string) => ['templates', id, 'revisions'] as const,
  },
  tables: {
    /** GET /dynamic-tables/ as a bare array (mapping, forms, data links), and the prefix of all. */
    all: ['tables'] as const,
    /** The tables page's list, which also says when the answer was not a list. */
    list: ['tables', 'list'] as const,
    detail: (id: string) => ['tables', id] as const,
    /** Every record of a table; the prefix of its pages. */
    records: (id: string) => ['tables', id, 'records'] as const,
    recordsPage: (id: string, pageSize: number, pageIndex: number) =>
      ['tables', id, 'records', 'page', pageSize, pageIndex] as const,
    /** A record's history, under the table's records: every record write refreshes it. */
    recordHistory: (id: string, recordId: string) =>
      ['tables', id, 'records', 'history', recordId] as const,
  },
  mappings: {
    all: ['mappings'] as const,
    forTemplate: (templateId: string) => ['mappings', templateId] as const,
    /** Under the template's mappings, so every mapping change refreshes the preview too. */
    preview: (templateId: string, tableId: string, recordId: string) =>
      ['mappings', templateId, 'preview', tableId, recordId] as const,
    /** The first records of a table, to pick one to preview on. */
    previewRecords: (tableId: string) => ['mapping-preview-records', tableId] as const,
  },
  universalFields: ['universal-fields'] as const,
  completedForms: {
    all: ['completed-forms'] as const,
    list: ['completed-forms', 'list'] as const,
    /** One page of the Forms page's list, under the list's key. */
    page: (pageSize: number, pageIndex: number) =>
      ['completed-forms', 'list', 'page', pageSize, pageIndex] as const,
    detail: (id: string) => ['completed-forms', id] as const,
  },
  publicFormLinks: {
    all: ['public-form-links'] as const,
    forRecord: (templateId: string, recordId: string) =>
      ['public-form-links', templateId, recordId] as const,
  },
  publicForm: (token: string) => ['public-form', token] as const,
  publicDataForm: (token: string) => ['public-data-form', token] as const,
  dataLinks: ['data-links'] as const,
  /** A public form's or data link's embed settings, by its embed API path. */
  embed: (path: string) => ['embed', path] as const,
  invitations: ['invitations'] as const,
  adminUsers: ['admin', 'users'] as const,
  workspaces: {
    all: ['workspaces'] as const,
    /** GET /workspaces, per account: signing in as someone else never shows the last list. */
    list: (userId: string) => ['workspaces', userId] as const,
  },
  /** GET /workspaces/{id}/members. */
  members: (workspaceId: string) => ['workspace-members', workspaceId] as const,
  /** GET /workspaces/{id}/invitations: the pending ones (members screen). */
  memberInvitations: (workspaceId: string) => ['workspace-invitations', workspaceId] as const,
  /** GET /workspaces/{id}/tokens. */
  apiTokens: (workspaceId: string) => ['api-tokens', workspaceId] as const,
  /** GET /workspaces/{id}/webhooks and, under it, each endpoint's delivery log. */
  webhooks: {
    list: (workspaceId: string) => ['webhooks', workspaceId] as const,
    deliveries: (workspaceId: string, webhookId: string) =>
      ['webhooks', workspaceId, 'deliveries', webhookId] as const,
  },
  /** The Jobs screen's pages (GET /jobs with a cursor). */
  jobs: {
    all: ['jobs'] as const,
    list: (pageSize: number) => ['jobs', 'list', pageSize] as const,
  },
  /** The Activity screen: a workspace's audit events, one list per set of filters. */
  activity: {
    all: ['activity'] as const,
    list: (workspaceId: string, filters: Readonly<Record<string, string>>) =>
      ['activity', workspaceId, filters] as const,
  },
  /** GET /trash: the workspace's deleted items (issue 32). */
  trash: ['trash'] as const,
  /** One page of the trash, under it: every trash write refreshes each page. */
  trashPage: (pageSize: number, pageIndex: number) =>
    ['trash', 'page', pageSize, pageIndex] as const,
  /**
   * The dashboard keeps its own entries: sharing the lists' keys would hand /templates an "empty"
   * list after a failed dashboard load, shown as "No templates found" instead of the failure.
   */
  dashboard: {
    all: ['dashboard'] as const,
    templates: ['dashboard', 'templates'] as const,
    tables: ['dashboard', 'tables'] as const,
    completedForms: ['dashboard', 'completed-forms'] as const,
    /** GET /onboarding: the getting-started checklist and the account's sample. */
    onboarding: ['dashboard', 'onboarding'] as const,
  },
};
