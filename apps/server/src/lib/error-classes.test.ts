import { describe, expect, it } from 'vitest';
import { classifyStorageError, DISK_FULL_DETAIL, UNAVAILABLE_DETAIL } from './error-classes.ts';

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

  it('answers a database that cannot be reached with 503, not a 500', () => {
    const unreachable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '08006', message: 'connection failure' },
      { code: '53300', message: 'sorry, too many clients already' },
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const error of unreachable) {
      expect(classifyStorageError(error)).toEqual({ status: 503, detail: UNAVAILABLE_DETAIL });
    }
  });

  it('leaves anything else to the generic 500', () => {
    expect(classifyStorageError({ code: '23505' })).toBeUndefined();
    expect(classifyStorageError(new Error('bug'))).toBeUndefined();
    expect(classifyStorageError('text')).toBeUndefined();
  });
});
