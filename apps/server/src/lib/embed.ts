import {
  embedSnippet,
  frameAncestors,
  readEmbedOrigins,
  type EmbedSettings,
} from '@formbridge/contract/embed';
import type { Db } from '../db/database.ts';
import { auditWrite } from './audit/audit-simple.ts';
import type { AuditScope } from './audit/request-scope.ts';
import { toBoolean } from '../db/dialect.ts';
import { securityHeaders } from './security-headers.ts';

// Embedding public pages in other sites (issue 33): the snippet an owner pastes, and the CSP
// `frame-ancestors` of an embedded page, read from its link on every load (a change or a revoked
// link takes effect at once).

export type EmbedKind = 'form' | 'data-form';

/** The embedded page of a link: `/embed/form/{token}` or `/embed/data-form/{token}`. */
export function embedUrl(publicUrl: string, kind: EmbedKind, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/embed/${kind}/${token}`;
}

export function presentEmbed(
  publicUrl: string,
  kind: EmbedKind,
  link: { token: string; embed_origins: string | null },
  title: string,
): EmbedSettings {
  const url = embedUrl(publicUrl, kind, link.token);
  const scriptUrl = `${publicUrl.replace(/\/$/, '')}/embed.js`;
  return {
    iframe_html: embedSnippet(url, scriptUrl, title),
    script_url: scriptUrl,
    embed_url: url,
    allowed_origins: readEmbedOrigins(link.embed_origins),
  };
}

/** The event of a change to the sites allowed to frame a link's form (in the change's transaction). */
export function auditEmbedOrigins(
  trx: Db,
  scope: AuditScope,
  link: { kind: 'public_link' | 'data_link'; id: string; name: string },
  before: string | null,
  after: readonly string[],
): Promise<void> {
  return auditWrite(trx, scope, {
    action: `${link.kind}.embed_changed`,
    target: link,
    before: { 'embedding sites': readEmbedOrigins(before).join(', ') || null },
    after: { 'embedding sites': after.join(', ') || null },
  });
}

const EMBED_PATH = /^\/embed\/(form|data-form)\/([A-Za-z0-9_-]{1,64})\/?(?:\?.*)?$/;

/**
 * The origins allowed to frame the page at `url`, or null when it is not an embedded page. A
 * missing, revoked, paused or expired link allows none (the page then says the link is invalid).
 */
export async function embedFrameOrigins(db: Db, url: string): Promise<string[] | null> {
  const match = EMBED_PATH.exec(url);
  if (!match) {
    return null;
  }
  const [, kind, token] = match;
  if (kind === 'form') {
    const link = await db
      .selectFrom('public_form_links')
      .select(['embed_origins', 'is_active'])
      .where('token', '=', token!)
      .executeTakeFirst();
    return link && toBoolean(link.is_active) ? readEmbedOrigins(link.embed_origins) : [];
  }
  const link = await db
    .selectFrom('public_data_links')
    .select(['embed_origins', 'is_active', 'expires_at'])
    .where('token', '=', token!)
    .executeTakeFirst();
  const isLive =
    link !== undefined &&
    toBoolean(link.is_active) &&
    (link.expires_at === null || Date.parse(link.expires_at) > Date.now());
  return isLive ? readEmbedOrigins(link.embed_origins) : [];
}

/** The app's CSP (helmet's, as every response has it) with `frame-ancestors` widened. */
const APP_CSP = securityHeaders()['content-security-policy'] ?? '';

export function embeddedPageCsp(origins: readonly string[]): string {
  return APP_CSP.replace(/frame-ancestors [^;]*/, `frame-ancestors ${frameAncestors(origins)}`);
}
