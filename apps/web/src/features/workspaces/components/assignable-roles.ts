import { assignableRoleSchema, type AssignableRole } from '@formbridge/contract/workspaces';

/** The roles a member can be given, most rights first (ownership moves only by a transfer). */
export const ASSIGNABLE_ROLES: readonly AssignableRole[] = assignableRoleSchema.options;
