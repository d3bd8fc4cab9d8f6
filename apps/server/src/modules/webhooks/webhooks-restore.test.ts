import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import {
  createClient,
  generate,
  setUpGeneration,
} from '../completed-forms/completed-forms.test-helpers.ts';
import { eventOf, eventStream, FAST_WEBHOOKS, subscribe } from './webhooks.test-helpers.ts';

// A trash restore sends the event a create would, for each record and form it puts back
// (decisions.md, "Webhooks of a trash restore"); templates and mappings send none.
describe.each(DIALECTS)('webhook events of trash restores on %s', (dialect) => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  let user: TestUser;
  let path = '';

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(dialect, { webhooks: FAST_WEBHOOKS });
    user = await createUser(t);
    path = `/ok/restore-${dialect}`;
    await subscribe(t, user, `${receiver.url}${path}`, [
      'completed_form.created',
      'record.created',
    ]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const as = (method: string, url: string) => t.request(method, url, { token: user.token });
  const next = eventStream(
    () => receiver,
    () => path,
  );
  const restore = async (id: string) => {
    const response = await as('POST', `/api/v1/trash/${id}/restore`);
    expect(response.status, response.text).toBe(200);
  };

  it('sends record.created for a restored record and for each record of a restored table', async () => {
    const table = await createTable(t, user, { name: 'Guests' });
    const ada = await createRecord(t, user, table.id, { name: 'Ada' });
    const bob = await createRecord(t, user, table.id, { name: 'Bob' });
    await next(2);
    expect(
      (await as('DELETE', `/api/v1/dynamic-tables/${table.id}/records/${ada.id}`)).status,
    ).toBe(204);
    await restore(ada.id);
    const [back] = await next(1);
    expect(back).toMatchObject({
      type: 'record.created',
      data: {
        id: ada.id,
        display_name: 'Ada',
        table_id: table.id,
        table_name: 'Guests',
        source: 'web',
        changed_fields: ['name'],
      },
    });

    expect((await as('DELETE', `/api/v1/dynamic-tables/${table.id}`)).status).toBe(204);
    await restore(table.id);
    const events = await next(2);
    expect(events.map((event) => [event.type, event.data.id]).sort()).toEqual(
      [
        ['record.created', ada.id],
        ['record.created', bob.id],
      ].sort(),
    );
  });

  it('sends completed_form.created for a restored form, nothing for a template', async () => {
    const setup = await setUpGeneration(t, user);
    const client = await createClient(t, user, setup);
    const form = await generate(t, user, setup, client.id);
    /** Every event about the form so far, once there are `count`. */
    const formEvents = async (count: number) => {
      const hooks = await receiver.waitFor(
        (list) => list.filter((hook) => eventOf(hook).data.id === form.id).length >= count,
        path,
      );
      return hooks.map(eventOf).filter((event) => event.data.id === form.id);
    };
    expect((await formEvents(1))[0]?.type).toBe('completed_form.created');

    expect((await as('DELETE', `/api/v1/completed-forms/${form.id}`)).status).toBe(204);
    await restore(form.id);
    const [, back] = await formEvents(2);
    expect(back).toMatchObject({
      type: 'completed_form.created',
      data: { id: form.id, record_id: client.id, template_id: setup.templateId, source: 'web' },
    });
    expect(String(back?.data.download_url)).toContain(form.id);

    // A template has no webhook events: its restore queues no delivery.
    const queued = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const template = await as('DELETE', `/api/v1/pdf-templates/${setup.templateId}`);
    expect(template.status, template.text).toBe(204);
    const before = await queued();
    await restore(setup.templateId);
    expect(await queued()).toBe(before);
  });
});
