// HTTP client of the benchmarks (not a benchmark itself). node:http instead of fetch: undici's
// fetch gives up on a response whose headers take more than 300 s (a 5,000-record bulk with
// `?wait=true` does), and node:http has no such limit; a keep-alive agent also keeps a load
// client's own CPU low.
import crypto from 'node:crypto';
import http from 'node:http';

export type BenchResponse = { status: number; text: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request; `body` is sent as JSON unless it is a Buffer with its own content type. */
export function request(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; contentType?: string } = {},
): Promise<BenchResponse> {
  const payload =
    options.body === undefined
      ? undefined
      : Buffer.isBuffer(options.body)
        ? options.body
        : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {};
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
  }
  if (payload !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/json';
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const outgoing = http.request(new URL(url, base), { method, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      incoming.on('error', reject);
    });
    // No timeout at all: a benchmark waits as long as the server takes.
    outgoing.setTimeout(0);
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** `request` that throws on a non-2xx answer and parses the JSON body. */
export async function requestJson<T>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; contentType?: string } = {},
): Promise<T> {
  const response = await request(base, method, url, options);
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${method} ${url}: ${response.status} ${response.text.slice(0, 300)}`);
  }
  return (response.text ? JSON.parse(response.text) : null) as T;
}

/** A multipart body with one file part and plain fields, for uploads and imports. */
export class Multipart {
  readonly body: Buffer;
  readonly contentType: string;

  constructor(
    fields: Record<string, string>,
    file: { field: string; name: string; type: string; bytes: Uint8Array },
  ) {
    const boundary = `----bench${crypto.randomBytes(12).toString('hex')}`;
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const head =
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
      `filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
    this.body = Buffer.concat([
      Buffer.from(head),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    this.contentType = `multipart/form-data; boundary=${boundary}`;
  }
}
