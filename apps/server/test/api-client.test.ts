import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormbridgeClient } from '@formbridge/client';
import {
  readFormValues,
  setUpGeneration,
  type GenerationSetup,
} from '../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { createUser, DIALECTS, startTestApp, type TestApp, type TestUser } from './harness.ts';

// Done for issue 33: a script with an API token generates and downloads a filled PDF in ≤ 10
// lines of the typed client — the docs/api.md walkthrough, run against the real server.
describe.each(DIALECTS)('typed client with an API token on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let setup: GenerationSetup;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await createUser(t);
    setup = await setUpGeneration(t, owner);
    const made = await t.request('POST', `/api/v1/workspaces/${owner.id}/tokens`, {
      token: owner.token,
      json: { name: 'Nightly script', role: 'editor' },
    });
    token = (made.body as { token: string }).token;
  }, 60_000);
  afterAll(() => t.close());

  it('creates a record, generates its PDF and downloads it, as the walkthrough does', async () => {
    const { templateId, tableId } = setup;
    // --- The walkthrough's script (docs/api.md), with the test server's address. ---
    const fb = createFormbridgeClient({ baseUrl: t.baseUrl, token });
    const record = await fb.POST('/api/v1/dynamic-tables/{id}/records', {
      params: { path: { id: tableId } },
      body: { data: { first_name: 'Grace', last_name: 'Hopper', country: 'France' } },
    });
    const form = await fb.POST('/api/v1/completed-forms/{templateId}/{tableId}/{recordId}', {
      params: { path: { templateId, tableId, recordId: record.data!.id } },
    });
    const pdf = await fb.GET('/api/v1/completed-forms/{id}/download', {
      params: { path: { id: form.data!.id } },
      parseAs: 'arrayBuffer',
    });
    // --- End of the script. ---
    expect([record.response.status, form.response.status, pdf.response.status]).toEqual([
      201, 201, 200,
    ]);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    const values = await readFormValues(new Uint8Array(pdf.data!));
    expect(values).toMatchObject({ name: 'Grace', full: 'Grace Hopper', country: ['France'] });
  });

  it('returns the server errors as `error`, typed, and the audit log names the token', async () => {
    const fb = createFormbridgeClient({ baseUrl: `${t.baseUrl}/`, token });
    const missing = await fb.GET('/api/v1/dynamic-tables/{id}', {
      params: { path: { id: 'nope' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ detail: expect.any(String) });
    const refused = await fb.POST('/api/v1/workspaces/{id}/tokens', {
      params: { path: { id: owner.id } },
      body: { name: 'child', role: 'viewer' },
    });
    expect([refused.response.status, (refused.error as { code?: string }).code]).toEqual([
      403,
      'token_not_allowed',
    ]);
    const admin = createFormbridgeClient({ baseUrl: t.baseUrl, token: owner.token });
    const audit = await admin.GET('/api/v1/workspaces/{id}/audit', {
      params: { path: { id: owner.id }, query: { action: 'completed_form.generated' } },
    });
    expect(audit.data?.events[0]?.actor).toMatchObject({ kind: 'token', name: 'Nightly script' });
  });
});
