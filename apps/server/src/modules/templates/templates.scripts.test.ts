// Issue 35: an uploaded PDF's JavaScript is removed before it is stored, and the template says
// so in its detection notes; a form generated from it carries none either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@formbridge/contract/templates';
import { createUser, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { readFixture, OWN_FIXTURES, uploadTemplate } from '../../../test/factories.ts';
import { HOSTILE_CASES } from '../../../test/hostile/hostile-pdfs.ts';

const scripted = HOSTILE_CASES.find((item) => item.name === 'JavaScript on open and on a field')!;

describe('a template uploaded with scripts', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('is stored without them and its notes say they were removed', async () => {
    const bytes = new Uint8Array(await scripted.build());
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/JavaScript/);
    const response = await uploadTemplate(t, user, { name: 'Scripted', file: bytes });
    expect(response.status, response.text).toBe(201);
    const template = response.body as Template;
    expect(template.detection_notes).toEqual([
      'removed 2 JavaScript action(s): scripts in a form never run in the forms made from it',
    ]);
    expect(Object.keys(template.field_data)).toEqual(['name']);
    const stored = await fetch(`${t.baseUrl}${template.file_path}`);
    const text = Buffer.from(await stored.arrayBuffer()).toString('latin1');
    expect(text).not.toMatch(/JavaScript|OpenAction|\/AA\b/);
    const again = await t.request('GET', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
    });
    expect((again.body as Template).detection_notes).toEqual(template.detection_notes);
  });

  it('has no notes when nothing was changed', async () => {
    const response = await uploadTemplate(t, user, {
      name: 'Plain',
      file: readFixture(OWN_FIXTURES, 'simple-form.pdf'),
    });
    expect(response.status).toBe(201);
    expect((response.body as Template).detection_notes).toBeUndefined();
  });
});
