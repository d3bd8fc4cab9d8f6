import type { EmbedSettings } from '@formbridge/contract/embed';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { auditEmbedOrigins, presentEmbed } from '../../lib/embed.ts';
import { notFound } from '../../lib/errors.ts';
import { findTemplate } from '../templates/templates.public.ts';
import { findOwnedFormLink, setFormLinkEmbedOrigins } from './public-forms.repo.ts';

// Embedding a document form in another site: the snippet and the sites allowed to frame it.

async function requireLink(ctx: AppContext, workspaceId: string, idOrToken: string) {
  const link = await findOwnedFormLink(ctx.db, workspaceId, idOrToken);
  if (!link) {
    throw notFound('Public form link');
  }
  const template = await findTemplate(ctx.db, workspaceId, link.template_id);
  return { link, title: template?.name ?? 'Form' };
}

/** The embed snippet of the workspace's link (by id or token) and the origins allowed. */
export async function getFormLinkEmbed(
  ctx: AppContext,
  workspaceId: string,
  idOrToken: string,
): Promise<EmbedSettings> {
  const { link, title } = await requireLink(ctx, workspaceId, idOrToken);
  return presentEmbed(ctx.config.publicUrl, 'form', link, title);
}

/** Replaces the origins allowed to frame the link's form; audited with before → after. */
export async function setFormLinkEmbed(
  ctx: AppContext,
  scope: AuditScope,
  idOrToken: string,
  origins: readonly string[],
): Promise<EmbedSettings> {
  const { link, title } = await requireLink(ctx, scope.workspaceId, idOrToken);
  const stored = origins.length > 0 ? JSON.stringify(origins) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await setFormLinkEmbedOrigins(trx, scope.workspaceId, link.id, stored);
    const target = { kind: 'public_link' as const, id: link.id, name: title };
    await auditEmbedOrigins(trx, scope, target, link.embed_origins, origins);
  });
  return presentEmbed(ctx.config.publicUrl, 'form', { ...link, embed_origins: stored }, title);
}
