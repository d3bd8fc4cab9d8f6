import { describe, expect, it } from 'vitest';
import { CostBoundedLru } from './plan-cache.ts';

describe('CostBoundedLru', () => {
  it('evicts the least recently used entries once the cost bound is passed', () => {
    const cache = new CostBoundedLru<string>(100, 10);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 40);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['A', 'C']);
    expect(cache.cost).toBe(80);
  });

  it('bounds the number of entries and always keeps the newest, however costly', () => {
    const cache = new CostBoundedLru<number>(100, 2);
    cache.set('a', 1, 1);
    cache.set('b', 2, 1);
    cache.set('c', 3, 1);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', 4, 1_000);
    expect(cache.size).toBe(1);
    expect(cache.get('huge')).toBe(4);
  });

  it('replacing a key counts its cost once', () => {
    const cache = new CostBoundedLru<number>(100, 10);
    cache.set('a', 1, 60);
    cache.set('a', 2, 60);
    expect(cache.cost).toBe(60);
    expect(cache.get('a')).toBe(2);
  });
});
