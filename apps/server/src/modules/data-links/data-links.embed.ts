import type { EmbedSettings } from '@formbridge/contract/embed';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { auditEmbedOrigins, presentEmbed } from '../../lib/embed.ts';
import { notFound } from '../../lib/errors.ts';
import { presentDataLink } from './data-links.presenter.ts';
import { listDataLinkRows, setDataLinkEmbedOrigins } from './data-links.repo.ts';

// Embedding a data link's form in another site: the snippet and the sites allowed to frame it.

async function requireLink(ctx: AppContext, workspaceId: string, id: string) {
  const [link] = await listDataLinkRows(ctx.db, workspaceId, id);
  if (!link) {
    throw notFound('Data link');
  }
  const shown = presentDataLink(link, '');
  return { link, title: `${shown.table_name} · ${shown.record_label}` };
}

export async function getDataLinkEmbed(
  ctx: AppContext,
  workspaceId: string,
  id: string,
): Promise<EmbedSettings> {
  const { link } = await requireLink(ctx, workspaceId, id);
  return presentEmbed(ctx.config.publicUrl, 'data-form', link, 'Update your information');
}

/** Replaces the origins allowed to frame the link's form; audited with before → after. */
export async function setDataLinkEmbed(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  origins: readonly string[],
): Promise<EmbedSettings> {
  const { link, title } = await requireLink(ctx, scope.workspaceId, id);
  const stored = origins.length > 0 ? JSON.stringify(origins) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await setDataLinkEmbedOrigins(trx, scope.workspaceId, link.id, stored);
    const target = { kind: 'data_link' as const, id: link.id, name: title };
    await auditEmbedOrigins(trx, scope, target, link.embed_origins, origins);
  });
  return presentEmbed(
    ctx.config.publicUrl,
    'data-form',
    { ...link, embed_origins: stored },
    'Update your information',
  );
}
