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

  it('shows Members to Admins and Owners of the workspace, not to Editors or Viewers', () => {
    const withRole = (role: Parameters<typeof visibleNavItems>[1]) =>
      visibleNavItems({ is_admin: false, can_invite: true }, role).map((item) => item.label);
    expect(withRole('owner')).toContain('Members');
    expect(withRole('admin')).toContain('Members');
    expect(withRole('editor')).not.toContain('Members');
    expect(withRole('viewer')).not.toContain('Members');
    expect(withRole(null)).not.toContain('Members');
    expect(withRole('viewer')).toEqual(expect.arrayContaining(['Dashboard', 'Jobs', 'Account']));
  });

  it('shows API tokens to Admins and Owners only, like Members', () => {
    const withRole = (role: Parameters<typeof visibleNavItems>[1]) =>
      visibleNavItems({ is_admin: false, can_invite: false }, role).map((item) => item.label);
    expect(withRole('owner')).toContain('API tokens');
    expect(withRole('admin')).toContain('API tokens');
    expect(withRole('editor')).not.toContain('API tokens');
    expect(withRole('viewer')).not.toContain('API tokens');
  });
});
