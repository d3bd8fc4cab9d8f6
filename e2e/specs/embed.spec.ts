import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, createTableByApi, registerByApi, signIn } from './helpers.ts';

// Issue 33: a data link's form embedded in another site's page (another origin: localhost vs the
// app's 127.0.0.1), prefilled from the iframe's address, sized by embed.js, and telling the page
// when the visitor has submitted; a site the owner did not allow cannot frame it at all.

/** A one-page site on its own port that shows `body`. */
async function startSite(body: () => string): Promise<{ origin: string; close: () => void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, close: () => server.close() };
}

const hostPage = (snippet: string) => `<!doctype html><html><head><title>Clinic</title></head>
<body><h1>Clinic portal</h1><p id="received">nothing yet</p>${snippet}
<script>
window.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'formbridge:submitted') {
    document.getElementById('received').textContent = 'submitted ' + event.data.id;
  }
});
</script></body></html>`;

async function api(page: Page, method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const response = await page.request[method](url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test('an embedded data form is prefilled, submits, and tells only an allowed page', async ({
  page,
  browser,
}) => {
  let snippet = '';
  const allowed = await startSite(() => hostPage(snippet));
  const other = await startSite(() => hostPage(snippet));
  try {
    await signIn(page, await registerByApi(page));
    const tableId = await createTableByApi(page, {
      name: 'Patients',
      fields: [
        { name: 'full_name', type: 'string', required: true },
        { name: 'phone', type: 'string', required: false },
      ],
    });
    const record = await api(page, 'post', `/api/v1/dynamic-tables/${tableId}/records`, {
      data: { full_name: 'Ada Lovelace' },
    });
    const link = await api(
      page,
      'post',
      `/api/v1/public-data-links/${tableId}/${String(record.id)}`,
      {},
    );

    // The owner allows the clinic's site in the Embed dialog and copies the snippet.
    await page.goto('/data-links');
    await page
      .getByRole('row')
      .filter({ hasText: 'Ada Lovelace' })
      .getByRole('button', { name: 'Embed' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Embed on your site' });
    await dialog.getByLabel('Sites allowed to embed this form').fill(`${allowed.origin}/`);
    await dialog.getByRole('button', { name: 'Save sites' }).click();
    await expect(page.getByText('Embedding sites saved')).toBeVisible();
    await expect(dialog.getByLabel('Sites allowed to embed this form')).toHaveValue(allowed.origin);
    const code = await dialog.getByLabel('Embed code').inputValue();
    expect(code).toContain(`/embed/data-form/${String(link.token)}`);
    // The site prefills the phone, and tries to overwrite the stored name (it must not).
    snippet = code.replace(
      /src="([^"]+\/embed\/data-form\/[^"]+)"/,
      (_match, url: string) => `src="${url}?prefill.phone=555-0100&prefill.full_name=Mallory"`,
    );

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(allowed.origin);
    const frame = visitor.frameLocator('iframe[data-formbridge-embed]');
    await expect(frame.getByRole('heading', { name: 'Patients' })).toBeVisible();
    await expect(frame.getByLabel(/^Phone/)).toHaveValue('555-0100');
    await expect(frame.getByLabel(/^Full Name/)).toHaveValue('Ada Lovelace');
    // embed.js sized the iframe to the form.
    await expect
      .poll(() => visitor.locator('iframe').evaluate((iframe) => iframe.style.height))
      .toMatch(/^\d+px$/);
    await frame.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.locator('#received')).toHaveText(`submitted ${String(link.token)}`);
    const stored = await api(
      page,
      'get',
      `/api/v1/dynamic-tables/${tableId}/records/${String(record.id)}`,
    );
    expect(stored.data).toMatchObject({ full_name: 'Ada Lovelace', phone: '555-0100' });

    // Another site gets nothing: the browser refuses to frame the form there.
    const refused: string[] = [];
    const stranger = await (await browser.newContext()).newPage();
    stranger.on('console', (message) => refused.push(message.text()));
    await stranger.goto(other.origin);
    await expect.poll(() => refused.join('\n')).toContain('frame-ancestors');
    await expect(
      stranger.frameLocator('iframe[data-formbridge-embed]').getByLabel(/^Phone/),
    ).toHaveCount(0);
  } finally {
    allowed.close();
    other.close();
  }
});
