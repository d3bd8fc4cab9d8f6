import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFormLink } from '@formbridge/contract/public-links';
import { createRecord } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import {
  setUpApplication,
  sharePublicForm,
  type ApplicationSetup,
} from './public-forms.test-helpers.ts';

describe.each(DIALECTS)('public document form links (owner) on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let app: ApplicationSetup;
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { publicUrl: 'https://forms.example' },
      {
        publicRateLimit: { windowMs: 60_000, maxPerLink: 2, maxPerIp: 100 },
      },
    );
    user = await createUser(t);
    app = await setUpApplication(t, user);
  });
  afterAll(() => t.close());

  const list = async (query = '') =>
    (await t.request('GET', `/api/v1/public-form-links${query}`, { token: user.token }))
      .body as PublicFormLink[];

  it('reuses the active link, lists links, and revokes by id', async () => {
    const link = await sharePublicForm(t, user, app.templateId, app.recordId);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`https://forms.example/public-form/${link.token}`);
    const again = await sharePublicForm(t, user, app.templateId, app.recordId, 200);
    expect(again).toEqual(link);
    const listed = await list(`?template_id=${app.templateId}&record_id=${app.recordId}`);
    expect(listed).toEqual([
      {
        ...link,
        template_id: app.templateId,
        template_name: 'Application',
        table_id: app.tableId,
        record_id: app.recordId,
        record_label: 'Ada Lovelace',
        is_active: true,
        revoked_at: null,
      },
    ]);
    expect(await list('?record_id=other')).toEqual([]);
    const revoke = await t.request('DELETE', `/api/v1/public-form-links/${link.id}`, {
      token: user.token,
    });
    expect(revoke.status).toBe(204);
    expect(await list()).toEqual([]);
    const all = await list('?include_revoked=true');
    expect(all[0]).toMatchObject({ id: link.id, is_active: false, revoked_at: expect.any(String) });
  });

  it('limits submissions per link', async () => {
    const link = await sharePublicForm(t, user, app.templateId, app.recordId);
    expect(
      (await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, { json: { age: 'x' } }))
        .status,
    ).toBe(422);
    const ok = await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, { json: {} });
    expect(ok.status, ok.text).toBe(200);
    const limited = await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, {
      json: {},
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
  });

  it('hides links from other users', async () => {
    const recordId = (await createRecord(t, user, app.tableId, { full_name: 'Gil' })).id;
    const link = await sharePublicForm(t, user, app.templateId, recordId);
    const stranger = await createUser(t);
    const post = await t.request(
      'POST',
      `/api/v1/completed-forms/public-link/${app.templateId}/${recordId}`,
      { token: stranger.token },
    );
    expect(post.status).toBe(404);
    const revoke = await t.request('DELETE', `/api/v1/public-form-links/${link.id}`, {
      token: stranger.token,
    });
    expect(revoke.status).toBe(404);
    const theirs = await t.request('GET', '/api/v1/public-form-links', { token: stranger.token });
    expect(theirs.body).toEqual([]);
    expect((await t.request('GET', '/api/v1/public-form-links')).status).toBe(401);
    expect((await t.request('GET', `/api/v1/public-forms/${link.token}`)).status).toBe(200);
  });
});
