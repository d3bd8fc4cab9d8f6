import { describe, expect, it } from 'vitest';
import { isNavItemActive, visibleNavItems } from './nav-items';

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

describe('visibleNavItems', () => {
  const labels = (user: Parameters<typeof visibleNavItems>[0]) =>
    visibleNavItems(user).map((item) => item.label);

  it('shows Users to the admin only and Invitations to who may invite', () => {
    expect(labels({ is_admin: true, can_invite: true })).toEqual(
      expect.arrayContaining(['Users', 'Invitations', 'Account']),
    );
    expect(labels({ is_admin: false, can_invite: true })).not.toContain('Users');
    expect(labels({ is_admin: false, can_invite: false })).not.toContain('Invitations');
    expect(labels(null)).toContain('Account');
  });
});
