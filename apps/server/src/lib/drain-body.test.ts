import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../../test/harness.ts';

type Outcome = { status: number; body: string; writeError: string | null };

/**
 * Sends the whole multipart body first and reads the answer after, as nginx does with a buffered
 * request: a server that closes while it is still sending gives nginx a broken pipe (502).
 */
async function uploadLikeAProxy(t: TestApp, token: string, fileBytes: number): Promise<Outcome> {
  const boundary = 'formbridge-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const file = Buffer.alloc(fileBytes, 0x20);
  const url = new URL('/api/v1/pdf-templates/', t.baseUrl);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + file.length + tail.length,
    },
  });
  // The body written to its end (or the error that stopped it), and the answer, both awaited.
  const written = new Promise<string | null>((resolve) => {
    request.on('finish', () => resolve(null));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  const answered = new Promise<{ status: number; body: string }>((resolve) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', () => resolve({ status: 0, body: '' }));
    });
    request.on('error', () => resolve({ status: 0, body: '' }));
  });
  // Most of the body, a pause in which the server has answered, then the rest: what a proxy
  // forwarding at network speed does while the app has already refused.
  const split = file.length - 256 * 1024;
  request.write(head);
  request.write(file.subarray(0, split));
  setTimeout(() => {
    request.write(file.subarray(split));
    request.end(tail);
  }, 300);
  const [writeError, answer] = await Promise.all([written, answered]);
  return { ...answer, writeError };
}

describe('an upload over the limit', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it.each([
    ['found while reading (10.5 MB)', 10.5],
    ['declared too large up front (12 MB)', 12],
  ])('%s is answered with the JSON 413 after the body is read, never a reset', async (_, mb) => {
    const outcome = await uploadLikeAProxy(t, user.token, Math.round(mb * 1024 * 1024));
    expect(outcome.writeError).toBeNull();
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({
      detail: 'The file is larger than the 10MB limit (10485760 bytes)',
    });
  });

  // Node's fetch sends no `Expect: 100-continue` and reads the answer only once it has sent
  // the whole body: a server that closed first gave it a broken pipe ("fetch failed").
  it('is answered with the JSON 413 to Node fetch, which sends no Expect: 100-continue', async () => {
    const form = new FormData();
    form.append('name', 'Huge');
    const bytes = Buffer.alloc(Math.round(10.5 * 1024 * 1024), 0x20);
    bytes.write('%PDF-1.7\n');
    form.append('pdf_file', new Blob([bytes], { type: 'application/pdf' }), 'huge.pdf');
    const response = await fetch(`${t.baseUrl}/api/v1/pdf-templates/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      detail: 'The file is larger than the 10MB limit (10485760 bytes)',
    });
  });
});
