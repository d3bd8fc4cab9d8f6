import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationSchema } from '@formbridge/contract/invitations';
import {
  memberAddBodySchema,
  memberListSchema,
  memberRoleBodySchema,
  memberSchema,
  ownershipTransferBodySchema,
  workspaceCreateBodySchema,
  workspaceListSchema,
  workspaceInvitationListSchema,
  workspaceInvitationSchema,
  workspaceSchema,
} from '@formbridge/contract/workspaces';
import { userActor } from '../../lib/audit/audit-actor.ts';
import { requestOrigin } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { currentUser } from '../../lib/current-user.ts';
import {
  listPendingInvitations,
  resendInvitation,
  withdrawInvitation,
} from './workspaces.invitations.ts';
import {
  addMember,
  changeMemberRole,
  listMembers,
  removeMember,
  transferOwnership,
} from './workspaces.members.ts';
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  renameWorkspace,
} from './workspaces.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const memberParams = z.object({ id: z.string().max(64), user_id: z.string().max(64) });
const invitationParams = z.object({
  id: z.string().max(64),
  invitation_id: z.string().max(64),
});

/**
 * /api/v1/workspaces: the caller's workspaces, a new one; then, for the workspace in the path
 * (`workspace: 'path'`: the path's id, not X-Workspace-Id), rename, delete, members and roles,
 * and the ownership transfer.
 */
export function workspaceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['workspaces'], security: [{ bearer: [] }] };
    const inPath = { auth: 'user', workspace: 'path' } as const;

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'account' },
        schema: { ...secured, response: { 200: workspaceListSchema } },
      },
      async (request) => ({ workspaces: await listWorkspaces(ctx, currentUser(request).id) }),
    );

    app.post(
      '/',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          description: 'A new shared workspace; the caller is its Owner.',
          body: workspaceCreateBodySchema,
          response: { 201: workspaceSchema },
        },
      },
      async (request, reply) => {
        const made = await createWorkspace(
          ctx,
          {
            userId: currentUser(request).id,
            actor: userActor(currentUser(request), { ...requestOrigin(request), via: 'web' }),
          },
          request.body.name,
        );
        return reply.status(201).send(made);
      },
    );

    app.patch(
      '/:id',
      {
        config: { ...inPath, role: 'admin' },
        schema: {
          ...secured,
          params: idParams,
          body: workspaceCreateBodySchema,
          response: { 200: workspaceSchema },
        },
      },
      async (request) => renameWorkspace(ctx, currentMember(request), request.body.name),
    );

    app.delete(
      '/:id',
      {
        config: { ...inPath, role: 'owner' },
        schema: {
          ...secured,
          params: idParams,
          description:
            'Deletes the workspace with everything in it (Owner). 409 for a personal workspace.',
        },
      },
      async (request, reply) => {
        await deleteWorkspace(ctx, currentMember(request));
        return reply.status(204).send();
      },
    );

    app.get(
      '/:id/members',
      {
        config: { ...inPath, role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: memberListSchema } },
      },
      async (request) => ({ members: await listMembers(ctx, currentMember(request).workspaceId) }),
    );

    app.post(
      '/:id/members',
      {
        config: { ...inPath, role: 'admin' },
        schema: {
          ...secured,
          params: idParams,
          body: memberAddBodySchema,
          description:
            '201 with the member: an account with that address joins at once. 202 with the ' +
            'invitation: an address without an account is e-mailed a sign-up link into this ' +
            'workspace with the role. 409 when already a member.',
          response: { 201: memberSchema, 202: invitationSchema },
        },
      },
      async (request, reply) => {
        const added = await addMember(
          ctx,
          currentMember(request),
          currentUser(request),
          request.body,
        );
        return added.kind === 'added'
          ? reply.status(201).send(added.member)
          : reply.status(202).send(added.invitation);
      },
    );

    app.patch(
      '/:id/members/:user_id',
      {
        config: { ...inPath, role: 'admin' },
        schema: {
          ...secured,
          params: memberParams,
          body: memberRoleBodySchema,
          description: "409 for the Owner's role (ownership moves only by a transfer).",
          response: { 200: memberSchema },
        },
      },
      async (request) =>
        changeMemberRole(ctx, currentMember(request), request.params.user_id, request.body.role),
    );

    app.delete(
      '/:id/members/:user_id',
      {
        // Any member may leave (their own id); removing someone else needs an Admin (service).
        // Never through an API token: it would take its creator out of the workspace.
        config: { ...inPath, role: 'viewer', apiTokens: false },
        schema: {
          ...secured,
          params: memberParams,
          description:
            'Removes a member (Admin) or leaves the workspace (your own id). 409 for the Owner: ' +
            'transfer ownership first.',
        },
      },
      async (request, reply) => {
        await removeMember(ctx, currentMember(request), request.params.user_id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/:id/invitations',
      {
        config: { ...inPath, role: 'admin' },
        schema: {
          ...secured,
          params: idParams,
          description: 'The pending invitations into this workspace (unused, unexpired).',
          response: { 200: workspaceInvitationListSchema },
        },
      },
      async (request) => ({
        invitations: await listPendingInvitations(ctx, currentMember(request)),
      }),
    );

    app.delete(
      '/:id/invitations/:invitation_id',
      {
        config: { ...inPath, role: 'admin' },
        schema: {
          ...secured,
          params: invitationParams,
          description:
            'Withdraws a pending invitation: its link stops working. 404 unless it is a ' +
            'pending invitation of this workspace.',
        },
      },
      async (request, reply) => {
        await withdrawInvitation(ctx, currentMember(request), request.params.invitation_id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/:id/invitations/:invitation_id/resend',
      {
        config: { ...inPath, role: 'admin' },
        schema: {
          ...secured,
          params: invitationParams,
          description:
            'E-mails the invitation again with a new link valid 7 days; the old link stops ' +
            'working. 404 unless pending in this workspace, 429 past the daily mail limit, 502 ' +
            '`mail_failed` when the mail server cannot be reached.',
          response: { 200: workspaceInvitationSchema },
        },
      },
      async (request) =>
        resendInvitation(
          ctx,
          currentMember(request),
          currentUser(request),
          request.params.invitation_id,
        ),
    );

    app.post(
      '/:id/transfer',
      {
        config: { ...inPath, role: 'owner' },
        schema: {
          ...secured,
          params: idParams,
          body: ownershipTransferBodySchema,
          description:
            'Makes another member the Owner; the previous Owner becomes an Admin. 409 for a ' +
            'personal workspace.',
          response: { 200: memberListSchema },
        },
      },
      async (request) => ({
        members: await transferOwnership(ctx, currentMember(request), request.body.user_id),
      }),
    );
  };
}
