import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@formbridge/contract/webhooks';
import {
  isPrivateAddress,
  PrivateAddressError,
  publicOnlyLookup,
  urlHost,
} from '../../lib/webhooks/address-guard.ts';
import { signWebhookBody } from '../../lib/webhooks/signature.ts';

/** The part of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
};

export type SendInput = {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborted at shutdown: the attempt ends at once and is not counted. */
  signal?: AbortSignal;
};

/**
 * POSTs one signed event. 2xx is a success; anything else, a redirect (never followed), a
 * timeout or a refused address is a failure with its reason. Never throws.
 */
export function sendWebhook(input: SendInput): Promise<SendResult> {
  const url = new URL(input.url);
  const host = urlHost(input.url);
  if (!input.allowPrivate && net.isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.resolve(failure(new PrivateAddressError(host).message));
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Formbridge-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(input.secret, timestamp, input.body),
          [WEBHOOK_EVENT_ID_HEADER]: input.eventId,
        },
        timeout: input.timeoutMs,
        ...(input.signal ? { signal: input.signal } : {}),
        ...(input.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString();
          finish({
            ok,
            statusCode,
            error: ok ? null : describeStatus(statusCode),
            excerpt: excerpt === '' ? null : excerpt,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) {
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    // Past the limit the attempt fails, whether the receiver is slow to answer or to finish.
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${input.timeoutMs / 1000} s`));
    }, input.timeoutMs);
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${input.timeoutMs / 1000} s`)),
    );
    request.on('error', (error) => finish(failure(error.message)));
    request.on('close', () => clearTimeout(timer));
    request.end(input.body);
  });
}

function failure(error: string): SendResult {
  return { ok: false, statusCode: null, error: error.slice(0, 500), excerpt: null };
}

function describeStatus(statusCode: number | null): string {
  if (statusCode !== null && statusCode >= 300 && statusCode < 400) {
    return `Redirect (HTTP ${statusCode}) not followed`;
  }
  return `HTTP ${statusCode ?? 'without a status'}`;
}
