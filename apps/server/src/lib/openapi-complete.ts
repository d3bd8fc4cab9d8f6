/**
 * Fills in what the routes' zod schemas cannot say: multipart request bodies with their file
 * fields (those routes read the stream themselves), the `{detail}` error shapes, the content
 * types of downloads and 204 for deletes. Applied to the generated document once.
 */

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  security?: unknown[];
};
type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; parameters?: Record<string, unknown> };
};

// Signed-in routes act in a workspace (X-Workspace-Id) but those of the account itself, the
// instance admin's, and /workspaces/{id}, which act in the path's workspace.
const NOT_IN_WORKSPACE = /^\/api\/v1\/(auth|invitations|admin|onboarding|workspaces)(\/|$)/;

const WORKSPACE_PARAMETER = {
  name: 'X-Workspace-Id',
  in: 'header',
  required: false,
  description:
    "The workspace the request acts in; without it, the caller's personal workspace. " +
    'A workspace the caller is not a member of answers 404 `Workspace not found.`',
  schema: { type: 'string' },
};

const file = (description: string): Schema => ({ type: 'string', format: 'binary', description });
const text = (description: string): Schema => ({ type: 'string', description });

/** Multipart bodies by "METHOD path" (a path may be served under /files and /api/v1/files). */
const UPLOADS: Array<{ method: string; path: RegExp; properties: Schema; required: string[] }> = [
  {
    method: 'post',
    path: /^\/api\/v1\/pdf-templates\/$/,
    properties: { name: text('Template name'), pdf_file: file('Fillable PDF, at most 10 MB') },
    required: ['name', 'pdf_file'],
  },
  {
    method: 'put',
    path: /^\/api\/v1\/pdf-templates\/\{id\}$/,
    properties: { name: text('New name'), pdf_file: file('Replacement PDF, at most 10 MB') },
    required: [],
  },
  {
    method: 'post',
    path: /^\/api\/v1\/dynamic-tables\/\{id\}\/import\/preview$/,
    properties: { file: file('CSV or .xlsx, at most 10 MB') },
    required: ['file'],
  },
  {
    method: 'post',
    path: /^\/api\/v1\/dynamic-tables\/\{id\}\/import$/,
    properties: {
      file: file('CSV or .xlsx, at most 10 MB'),
      mapping: text('JSON {"column": "field name"}; the suggested mapping when left out'),
    },
    required: ['file'],
  },
  {
    method: 'post',
    path: /\/files\/\{tableId\}\/records\/\{recordId\}\/upload$/,
    properties: { file: file('The file, at most 10 MB') },
    required: ['file'],
  },
  {
    method: 'post',
    path: /^\/api\/v1\/public-data-forms\/\{token\}\/upload$/,
    properties: { file: file('The file, at most 10 MB') },
    required: ['file'],
  },
];

/** Content types of binary answers, by path. */
const DOWNLOADS: Array<{ path: RegExp; type: string }> = [
  { path: /\/(file|view|download|merged)$/, type: 'application/pdf' },
  { path: /\/zip$/, type: 'application/zip' },
  { path: /\/export\.csv$/, type: 'text/csv' },
  { path: /\/events$/, type: 'text/event-stream' },
  { path: /^\/api\/v1\/files\/\{fileId\}$/, type: 'application/octet-stream' },
];

const ERROR_SCHEMA = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      description: 'A message, or for 422 one entry per invalid value',
      oneOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['loc', 'msg', 'type'],
            properties: {
              loc: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
              msg: { type: 'string' },
              type: { type: 'string' },
            },
          },
        },
      ],
    },
    code: { type: 'string', description: 'Machine-readable reason, when there is one' },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Completes the generated document in place and returns it. */
export function completeOpenApi<T>(document: T): T {
  const doc = document as OpenApiDocument;
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA },
    parameters: { ...doc.components?.parameters, WorkspaceId: WORKSPACE_PARAMETER },
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      completeOperation(path, method, operation);
    }
  }
  return document;
}

function completeOperation(path: string, method: string, operation: Operation): void {
  const responses = (operation.responses ??= {});
  const upload = UPLOADS.find((entry) => entry.method === method && entry.path.test(path));
  if (upload) {
    const multipart = {
      schema: {
        type: 'object',
        properties: upload.properties,
        ...(upload.required.length > 0 ? { required: upload.required } : {}),
      },
    };
    const existing = (operation.requestBody as { content?: Record<string, unknown> } | undefined)
      ?.content;
    operation.requestBody = {
      required: upload.required.length > 0,
      content: { ...existing, 'multipart/form-data': multipart },
    };
  }
  const ok = responses['200'];
  if (method === 'delete' && ok && !ok.content) {
    delete responses['200'];
    responses['204'] = { description: 'Deleted; no body' };
  }
  const download = DOWNLOADS.find((entry) => entry.path.test(path));
  if (download && ok && !ok.content) {
    ok.content = { [download.type]: { schema: { type: 'string', format: 'binary' } } };
  }
  responses['422'] ??= errorResponse('Invalid input: `detail` lists each problem');
  if (operation.security && operation.security.length > 0) {
    responses['401'] ??= errorResponse('Not signed in, or the token or signed URL is not valid');
  }
  const inWorkspace = Boolean(operation.security?.length) && !NOT_IN_WORKSPACE.test(path);
  if (inWorkspace) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      { $ref: '#/components/parameters/WorkspaceId' },
    ];
    responses['404'] ??= errorResponse(
      'Not found (or not in this workspace), or no such workspace',
    );
  }
  if (inWorkspace || path.startsWith('/api/v1/workspaces/{')) {
    responses['403'] ??= errorResponse(
      "The caller's role in the workspace is too low (`role_needed`)",
    );
  }
  if (path.includes('{')) {
    responses['404'] ??= errorResponse('Not found (or not yours)');
  }
  responses['4XX'] ??= errorResponse('Other refusals (409 conflict, 413 too large, 429 ...)');
  responses['5XX'] ??= errorResponse('Server error; the detail is generic');
}
