import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './nav-items';

describe('isNavItemActive', () => {
  it.each([
    ['/', '/', true],
    ['/', '/templates', false],
    ['/templates', '/templates', true],
    ['/templates', '/templates/123', true],
    ['/templates', '/templatesX', false],
    ['/tables', '/templates', false],
    ['/forms', '/forms/abc/def', true],
  ])('entry %s at %s → %s', (item, current, expected) => {
    expect(isNavItemActive(item, current)).toBe(expected);
  });
});
