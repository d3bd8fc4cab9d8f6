import { describe, expect, it } from 'vitest';
import { classifyStorageError, DISK_FULL_DETAIL } from './error-classes.ts';

describe('classifyStorageError', () => {
  it('tells a full disk from a bad value and a lost race', () => {
    expect(classifyStorageError({ code: 'ENOSPC' })).toEqual({
      status: 507,
      detail: DISK_FULL_DETAIL,
    });
    expect(classifyStorageError({ code: '22P05' })?.status).toBe(422);
    expect(classifyStorageError({ code: '54000' })?.status).toBe(422);
  });

  it('answers a PostgreSQL deadlock or serialization failure with 409 and asks to retry', () => {
    for (const code of ['40P01', '40001']) {
      const classified = classifyStorageError({ code });
      expect(classified?.status).toBe(409);
      expect(classified?.detail).toMatch(/try again/);
    }
  });

  it('leaves anything else to the generic 500', () => {
    expect(classifyStorageError({ code: '23505' })).toBeUndefined();
    expect(classifyStorageError(new Error('bug'))).toBeUndefined();
    expect(classifyStorageError('text')).toBeUndefined();
  });
});
