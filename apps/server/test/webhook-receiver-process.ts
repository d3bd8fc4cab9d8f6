import http from 'node:http';
import type { AddressInfo } from 'node:net';

// The body of the test webhook receiver's own process (started by webhook-receiver.ts): an HTTP
// server on an ephemeral loopback port that keeps every request it gets. `POST /ok/…` answers
// 200; `POST /fail-<n>/…` answers 500 to the first n requests to that path, then 200;
// `POST /down/…` always 500. `GET /__received` lists what came in. It prints its port as one
// JSON line and stops on SIGTERM or when its parent is gone (stdin closes).
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; status: number };
const received: Received[] = [];
const seen = new Map<string, number>();

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    if (request.method === 'GET' && path === '/__received') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(received));
      return;
    }
    const count = (seen.get(path) ?? 0) + 1;
    seen.set(path, count);
    const failFirst = /^\/fail-(\d+)\//.exec(path);
    const failing =
      path.startsWith('/down/') || (failFirst !== null && count <= Number(failFirst[1]));
    const status = failing ? 500 : 200;
    received.push({
      path,
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
      status,
    });
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(failing ? `receiver down (request ${count})` : 'ok');
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.stdin.on('end', stop).resume();
