import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '@formbridge/contract/limits';

/**
 * How much of a refused body is read and thrown away so the sender hears the JSON 413: twice the
 * upload limit covers everything the documented nginx passes on (client_max_body_size 12m).
 * Past it the connection is closed instead: reading more would only serve whoever sends it.
 */
export const DRAIN_CAP_BYTES = 2 * MAX_UPLOAD_BYTES;

const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Reads and discards what is left of a refused request's body (up to `capBytes`, within the
 * timeout), so a client or proxy that is still sending reads the answer instead of a reset
 * connection (nginx reports a broken pipe as 502). True once the body has ended; false when it
 * is too large, too slow or the connection went away.
 */
export function drainRequestBody(
  raw: IncomingMessage,
  capBytes = DRAIN_CAP_BYTES,
  timeoutMs = DRAIN_TIMEOUT_MS,
): Promise<boolean> {
  if (raw.complete || raw.readableEnded) {
    return Promise.resolve(true);
  }
  if (raw.destroyed) {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    let received = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > capBytes) {
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), timeoutMs);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.resume();
  });
}
