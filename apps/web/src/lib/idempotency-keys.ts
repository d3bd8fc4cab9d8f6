import { IDEMPOTENCY_KEY_HEADER } from '@formbridge/contract/idempotency';

// crypto.getRandomValues works on plain-HTTP installs too (randomUUID needs a secure context).
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type IdempotentSender = {
  /**
   * Sends `call` with an `Idempotency-Key`: the same key while the same request (`identity`) is
   * sent again after a failure (a timeout, a lost connection), so the server answers the retry
   * with the first answer instead of starting the work twice; a new key once one was answered or
   * the request changed.
   */
  send: <T>(identity: unknown, call: (headers: Record<string, string>) => Promise<T>) => Promise<T>;
};

/** One per endpoint that starts work (generation, e-mail, import). */
export function createIdempotentSender(): IdempotentSender {
  let pending: { identity: string; key: string } | null = null;
  return {
    send: async (identity, call) => {
      const text = JSON.stringify(identity);
      if (pending?.identity !== text) {
        pending = { identity: text, key: newKey() };
      }
      const result = await call({ [IDEMPOTENCY_KEY_HEADER]: pending.key });
      pending = null;
      return result;
    },
  };
}
