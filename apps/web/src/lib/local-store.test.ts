import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, removeStored, writeStored } from './local-store';
import { readToken, storeToken } from './session';

describe('local storage that never throws', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads and writes as localStorage does', () => {
    writeStored('k', 'v');
    expect(readStored('k')).toBe('v');
    removeStored('k');
    expect(readStored('k')).toBeNull();
  });

  it('answers "nothing stored" where the browser denies storage (a third-party iframe)', () => {
    const denied = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    expect(() => storeToken('a.b.c')).not.toThrow();
    expect(readToken()).toBeNull();
  });
});
