import { describe, expect, it } from 'vitest';
import { createIdempotentSender } from './idempotency-keys';

describe('createIdempotentSender', () => {
  it('sends a retry of a failed request with its key, and a new key after an answer', async () => {
    const sender = createIdempotentSender();
    const keys: string[] = [];
    const record = (fail: boolean) => async (headers: Record<string, string>) => {
      keys.push(headers['idempotency-key'] ?? '');
      if (fail) {
        throw new Error('timed out');
      }
      return 'ok';
    };
    await expect(sender.send({ ids: [1] }, record(true))).rejects.toThrow('timed out');
    await sender.send({ ids: [1] }, record(false));
    await sender.send({ ids: [1] }, record(false));
    await expect(sender.send({ ids: [1] }, record(true))).rejects.toThrow();
    await sender.send({ ids: [2] }, record(false));
    const [first, retry, next, failed, changed] = keys;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(failed).not.toBe(next);
    expect(changed).not.toBe(failed);
  });
});
