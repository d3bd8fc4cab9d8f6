import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import type { CompletedForm } from '@formbridge/contract/completed-forms';
import type {
  MakeCurrentResponse,
  RevisionUploadResponse,
  TemplateRevisionList,
} from '@formbridge/contract/template-revisions';
import type { JobResponse } from '@formbridge/contract/jobs';
import type { Template } from '@formbridge/contract/templates';
import {
  createTemplate,
  OWN_FIXTURES,
  readFixture,
  templateForm,
} from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';
import {
  createClient,
  generate,
  setUpGeneration,
  waitForJob,
  type GenerationSetup,
} from '../completed-forms/completed-forms.test-helpers.ts';

/**
 * The generation form's next edition: `name` renamed to `first_name` in its box, `age` moved,
 * `user` removed, `agree` now a text field, `country` without Germany, `note` added.
 */
function buildNextEdition(): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    const texts = ['first_name', 'full', 'employer', 'employer_link', 'age', 'birth', 'today'];
    texts.forEach((name, index) => {
      const y = name === 'age' ? 120 : 740 - index * 40;
      form.createTextField(name).addToPage(page, { x: 50, y, width: 400, height: 24 });
    });
    form.createTextField('birth_short').addToPage(page, { x: 50, y: 400, width: 200, height: 24 });
    form.createTextField('agree').addToPage(page, { x: 50, y: 350, width: 18, height: 18 });
    const country = form.createDropdown('country');
    country.addOptions(['France', 'Spain']);
    country.addToPage(page, { x: 50, y: 300, width: 200, height: 24 });
    form.createTextField('note').addToPage(page, { x: 300, y: 60, width: 200, height: 24 });
  });
}

describe.each(DIALECTS)('template revisions on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
  });
  afterAll(() => t.close());

  const base = () => `/api/v1/pdf-templates/${setup.templateId}`;
  const get = async <T>(url: string) => {
    const response = await t.request('GET', url, { token: user.token });
    expect(response.status, response.text).toBe(200);
    return response.body as T;
  };
  const mappedFields = async () => {
    const response = await t.request('GET', `/api/v1/field-mappings/template/${setup.templateId}`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return (response.body as Array<{ field_name: string }>).map((m) => m.field_name).sort();
  };

  it('starts every template at revision 1', async () => {
    const list = await get<TemplateRevisionList>(`${base()}/revisions`);
    expect(list.current_revision).toBe(1);
    expect(list.revisions).toMatchObject([{ revision: 1, is_current: true, field_count: 11 }]);
    expect(list.revisions[0]?.created_by).toBe(user.email);
  });

  it('uploads a revision: diff, carried mappings, dropped ones named, audit event', async () => {
    const client = await createClient(t, user, setup);
    const before = await generate(t, user, setup, client.id);
    expect(before.template_revision).toBe(1);

    const response = await t.request('POST', `${base()}/revisions`, {
      token: user.token,
      body: templateForm({ file: await buildNextEdition() }),
    });
    expect(response.status, response.text).toBe(201);
    const result = response.body as RevisionUploadResponse;
    expect(result.revision).toBe(2);
    expect(result.diff).toEqual({
      kept: ['birth', 'birth_short', 'country', 'employer', 'employer_link', 'full', 'today'],
      renamed: [{ from: 'name', to: 'first_name' }],
      moved: ['age'],
      added: ['note'],
      removed: ['user'],
      type_changed: ['agree'],
    });
    // 11 mappings: 9 carried (name now on first_name), user and agree dropped.
    expect(result.mappings_carried).toBe(9);
    expect(result.mappings_dropped.sort()).toEqual(['agree', 'user']);
    expect(await mappedFields()).toEqual(
      [
        'age',
        'birth',
        'birth_short',
        'country',
        'employer',
        'employer_link',
        'first_name',
        'full',
        'today',
      ].sort(),
    );
    const template = await get<Template>(base());
    expect(Object.keys(template.field_data)).toContain('note');

    const after = await generate(t, user, setup, client.id);
    expect(after.template_revision).toBe(2);
    const listed = await get<CompletedForm>(`/api/v1/completed-forms/${after.id}`);
    expect(listed.template_revision).toBe(2);

    const audit = await get<AuditPage>(`/api/v1/workspaces/${user.id}/audit?limit=20`);
    const uploaded = audit.events.filter((e) => e.action === 'template.revision_uploaded');
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]).toMatchObject({
      action: 'template.revision_uploaded',
      target: { kind: 'template', id: setup.templateId },
    });
  });

  it('generates from an earlier revision on request, with the mappings it had', async () => {
    const client = await createClient(t, user, setup);
    const old = await generate(t, user, setup, client.id, '?template_revision=1');
    expect(old.template_revision).toBe(1);
    expect(old.fill_summary.written).toBeGreaterThanOrEqual(10);
    const missing = await t.request(
      'POST',
      `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${client.id}?template_revision=9`,
      { token: user.token },
    );
    expect(missing.status).toBe(404);
  });

  it('pins the revision of a bulk job at its start', async () => {
    const client = await createClient(t, user, setup);
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { token: user.token, json: { record_ids: [client.id], template_revision: 1 } },
    );
    expect(response.status, response.text).toBe(202);
    const job = await waitForJob(t, user, (response.body as JobResponse).job.id);
    expect(job.job.status).toBe('succeeded');
    const forms = await get<CompletedForm[]>(`/api/v1/completed-forms/?record_id=${client.id}`);
    expect(forms.map((f) => f.template_revision)).toEqual([1]);
  });

  it('pins the revision chosen per template of a multi-template job', async () => {
    const client = await createClient(t, user, setup);
    const url = `/api/v1/completed-forms/multi-template/${setup.tableId}/${client.id}`;
    const unlisted = await t.request('POST', url, {
      token: user.token,
      json: { template_ids: [setup.templateId], template_revisions: { other: 1 } },
    });
    expect(unlisted.status).toBe(422);
    expect(JSON.stringify(unlisted.body)).toContain('not in template_ids');
    const response = await t.request('POST', url, {
      token: user.token,
      json: { template_ids: [setup.templateId], template_revisions: { [setup.templateId]: 1 } },
    });
    expect(response.status, response.text).toBe(202);
    const job = await waitForJob(t, user, (response.body as JobResponse).job.id);
    expect(job.job.status).toBe('succeeded');
    const forms = await get<CompletedForm[]>(`/api/v1/completed-forms/?record_id=${client.id}`);
    expect(forms.map((f) => f.template_revision)).toEqual([1]);
  });

  it('makes an earlier revision current again, restoring its mappings', async () => {
    const response = await t.request('POST', `${base()}/revisions/1/make-current`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    const result = response.body as MakeCurrentResponse;
    expect(result).toEqual({ current_revision: 1, mappings_restored: 11, mappings_dropped: [] });
    expect(await mappedFields()).toContain('name');
    const template = await get<Template>(base());
    expect(Object.keys(template.field_data)).toContain('user');
    const list = await get<TemplateRevisionList>(`${base()}/revisions`);
    expect(list.revisions.map((r) => [r.revision, r.is_current])).toEqual([
      [2, false],
      [1, true],
    ]);
    const audit = await get<AuditPage>(`/api/v1/workspaces/${user.id}/audit?limit=20`);
    expect(audit.events[0]).toMatchObject({
      action: 'template.revision_made_current',
      target: { kind: 'template', id: setup.templateId },
    });
    expect(audit.events[0]?.changes).toContainEqual({ field: 'revision', before: '2', after: '1' });
    // And back: revision 2 gets the set it had, first_name included.
    const back = await t.request('POST', `${base()}/revisions/2/make-current`, {
      token: user.token,
    });
    expect((back.body as MakeCurrentResponse).mappings_restored).toBe(9);
    expect(await mappedFields()).toContain('first_name');
  });

  it('answers 404 for another workspace and a missing revision, 422 without a file', async () => {
    const other = await createUser(t);
    const list = await t.request('GET', `${base()}/revisions`, { token: other.token });
    expect(list.status).toBe(404);
    const missing = await t.request('POST', `${base()}/revisions/7/make-current`, {
      token: user.token,
    });
    expect(missing.status).toBe(404);
    const empty = await t.request('POST', `${base()}/revisions`, {
      token: user.token,
      body: templateForm({ name: 'x' }),
    });
    expect(empty.status).toBe(422);
    const notPdf = await t.request('POST', `${base()}/revisions`, {
      token: user.token,
      body: templateForm({ file: new TextEncoder().encode('not a pdf') }),
    });
    expect(notPdf.status).toBe(415);
  });

  it('keeps the revisions of a template through the trash', async () => {
    const gone = await t.request('DELETE', base(), { token: user.token });
    expect(gone.status, gone.text).toBe(204);
    const restored = await t.request('POST', `/api/v1/trash/${setup.templateId}/restore`, {
      token: user.token,
    });
    expect(restored.status, restored.text).toBeLessThan(300);
    const list = await get<TemplateRevisionList>(`${base()}/revisions`);
    expect(list.current_revision).toBe(2);
    expect(list.revisions.map((r) => r.revision)).toEqual([2, 1]);
    const back = await t.request('POST', `${base()}/revisions/1/make-current`, {
      token: user.token,
    });
    expect(back.status, back.text).toBe(200);
  });

  it('takes two revisions uploaded at once one after the other: a new number or a 409, never both the same', async () => {
    const template = await createTemplate(t, user, undefined, 'Raced');
    const upload = () =>
      t.request('POST', `/api/v1/pdf-templates/${template.id}/revisions`, {
        token: user.token,
        body: templateForm({ file: readFixture(OWN_FIXTURES, 'simple-form.pdf') }),
      });
    const answers = await Promise.all([upload(), upload()]);
    const statuses = answers.map((a) => a.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const list = await get<TemplateRevisionList>(`/api/v1/pdf-templates/${template.id}/revisions`);
    expect(list.revisions).toHaveLength(1 + statuses.filter((s) => s === 201).length);
  });
});
