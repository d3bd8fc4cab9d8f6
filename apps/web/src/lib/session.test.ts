import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenExpired } from './session';

function tokenWith(payload: unknown): string {
  const encode = (value: unknown) => {
    const binary = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

describe('decodeToken', () => {
  it('reads sub and exp', () => {
    expect(decodeToken(tokenWith({ sub: 'user-1', exp: 2000 }))).toEqual({
      sub: 'user-1',
      exp: 2000,
    });
  });

  it('reads non-ASCII claims through base64url', () => {
    expect(decodeToken(tokenWith({ sub: 'Zoë ☃', exp: 5 }))?.sub).toBe('Zoë ☃');
  });

  it.each([
    '',
    'abc',
    'a.b.c',
    tokenWith({ sub: 1, exp: 2 }),
    tokenWith({ sub: 'x' }),
    tokenWith('text'),
  ])('gives null for %j', (token) => {
    expect(decodeToken(token)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('compares exp with now in seconds', () => {
    expect(isTokenExpired({ sub: 'x', exp: 100 }, 99)).toBe(false);
    expect(isTokenExpired({ sub: 'x', exp: 100 }, 100)).toBe(true);
    expect(isTokenExpired({ sub: 'x', exp: 100 }, 101)).toBe(true);
  });
});
