import { z } from 'zod';

// Instance administration: the admin lists, disables and deletes accounts and decides who may
// send invitations.

/** One account as the admin's list shows it. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  is_admin: z.boolean(),
  disabled: z.boolean(),
  can_invite: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/v1/admin/users`: every account, oldest first. */
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** Body of `PATCH /api/v1/admin/users/{id}`: what changes (at least one). */
export const adminUserPatchBodySchema = z
  .object({ disabled: z.boolean().optional(), can_invite: z.boolean().optional() })
  .refine((body) => body.disabled !== undefined || body.can_invite !== undefined, {
    message: 'Nothing to change: send "disabled" and/or "can_invite"',
  });
export type AdminUserPatchBody = z.infer<typeof adminUserPatchBodySchema>;

export const ADMIN_MESSAGES = {
  notYourself: 'An administrator cannot disable or delete their own account',
} as const;
