import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import { EMBED_MESSAGES, type EmbedSettings } from '@formbridge/contract/embed';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { setUpApplication, sharePublicForm } from './public-forms.test-helpers.ts';

// Embedding a document form or a data link in another site (issue 33): the snippet, the origins
// allowed to frame the page (CSP frame-ancestors, none by default), and the sizing script.
describe.each(DIALECTS)('embedding public forms on %s', (dialect) => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-embed-'));
  let t: TestApp;
  let user: TestUser;
  let formToken = '';
  let dataLinkId = '';
  let dataToken = '';

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Formbridge</title>');
    fs.writeFileSync(path.join(webDist, 'embed.js'), '/* sizes the iframe */');
    t = await startTestApp(dialect, { webDist, publicUrl: 'https://forms.example' });
    user = await createUser(t);
    const app = await setUpApplication(t, user);
    formToken = (await sharePublicForm(t, user, app.templateId, app.recordId)).token;
    const link = await t.request(
      'POST',
      `/api/v1/public-data-links/${app.tableId}/${app.recordId}`,
      {
        token: user.token,
        json: {},
      },
    );
    ({ id: dataLinkId, token: dataToken } = link.body as { id: string; token: string });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const frameAncestorsOf = async (url: string) => {
    const page = await fetch(`${t.baseUrl}${url}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    return {
      ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1],
      xfo: page.headers.get('x-frame-options'),
      csp,
    };
  };

  it('offers a snippet and allows no other site until the owner names one', async () => {
    const response = await t.request('GET', `/api/v1/public-forms/${formToken}/embed`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    const embed = response.body as EmbedSettings;
    expect(embed).toEqual({
      iframe_html: expect.stringContaining(
        `<iframe src="https://forms.example/embed/form/${formToken}" title="Application"`,
      ),
      script_url: 'https://forms.example/embed.js',
      embed_url: `https://forms.example/embed/form/${formToken}`,
      allowed_origins: [],
    });
    expect(embed.iframe_html).toContain('<script src="https://forms.example/embed.js" async>');
    expect(await frameAncestorsOf(`/embed/form/${formToken}`)).toMatchObject({
      ancestors: "'self'",
    });
  });

  it('lets exactly the allowed origins frame the form, and audits the change', async () => {
    const saved = await t.request('PUT', `/api/v1/public-forms/${formToken}/embed`, {
      token: user.token,
      json: { allowed_origins: ['https://www.Clinic.example/', 'http://localhost:8080'] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as EmbedSettings).allowed_origins).toEqual([
      'https://www.clinic.example',
      'http://localhost:8080',
    ]);
    const page = await frameAncestorsOf(`/embed/form/${formToken}?prefill.name=Ada`);
    expect(page.ancestors).toBe("'self' https://www.clinic.example http://localhost:8080");
    expect(page.xfo).toBeNull();
    expect(page.csp).toContain("default-src 'self'");
    expect(page.csp).toContain("script-src 'self'");
    // Every other page keeps refusing other sites.
    expect(await frameAncestorsOf(`/public-form/${formToken}`)).toMatchObject({
      ancestors: "'self'",
      xfo: 'SAMEORIGIN',
    });

    const audit = await t.request('GET', `/api/v1/workspaces/${user.id}/audit?limit=5`, {
      token: user.token,
    });
    const [event] = (audit.body as AuditPage).events;
    expect(event).toMatchObject({
      action: 'public_link.embed_changed',
      changes: [
        {
          field: 'embedding sites',
          before: null,
          after: 'https://www.clinic.example, http://localhost:8080',
        },
      ],
    });
    expect(JSON.stringify(event)).not.toContain(formToken);
  });

  it('refuses an entry that is not a bare origin and changes nothing', async () => {
    const refused = await t.request('PUT', `/api/v1/public-forms/${formToken}/embed`, {
      token: user.token,
      json: { allowed_origins: ['https://ok.example', 'https://evil.example/path'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      detail: [{ loc: ['body', 'allowed_origins', 1], msg: EMBED_MESSAGES.badOrigin }],
    });
    const page = await frameAncestorsOf(`/embed/form/${formToken}`);
    expect(page.ancestors).toContain('https://www.clinic.example');
    expect(page.ancestors).not.toContain('ok.example');
  });

  it('embeds a data link the same way, and a revoked or unknown link allows nobody', async () => {
    const saved = await t.request('PUT', `/api/v1/public-data-links/${dataLinkId}/embed`, {
      token: user.token,
      json: { allowed_origins: ['https://portal.example'] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as EmbedSettings).embed_url).toBe(
      `https://forms.example/embed/data-form/${dataToken}`,
    );
    expect((await frameAncestorsOf(`/embed/data-form/${dataToken}`)).ancestors).toBe(
      "'self' https://portal.example",
    );
    const audit = await t.request('GET', `/api/v1/workspaces/${user.id}/audit?limit=1`, {
      token: user.token,
    });
    expect((audit.body as AuditPage).events[0]).toMatchObject({
      action: 'data_link.embed_changed',
      target: { kind: 'data_link', id: dataLinkId },
      changes: [{ field: 'embedding sites', before: null, after: 'https://portal.example' }],
    });
    await t.request('PUT', `/api/v1/public-data-links/${dataLinkId}`, {
      token: user.token,
      json: { is_active: false },
    });
    expect((await frameAncestorsOf(`/embed/data-form/${dataToken}`)).ancestors).toBe("'self'");
    expect((await frameAncestorsOf('/embed/form/not-a-token')).ancestors).toBe("'self'");
  });

  it('keeps embed settings to the workspace: another account gets 404', async () => {
    const other = await createUser(t);
    const response = await t.request('GET', `/api/v1/public-forms/${formToken}/embed`, {
      token: other.token,
    });
    expect(response.status).toBe(404);
    const put = await t.request('PUT', `/api/v1/public-data-links/${dataLinkId}/embed`, {
      token: other.token,
      json: { allowed_origins: ['https://attacker.example'] },
    });
    expect(put.status).toBe(404);
  });

  it('serves the sizing script to other sites', async () => {
    const script = await fetch(`${t.baseUrl}/embed.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const page = await fetch(`${t.baseUrl}/login`);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
