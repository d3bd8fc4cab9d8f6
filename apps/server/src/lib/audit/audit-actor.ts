import type { AuditActorKind, AuditSource } from '@formbridge/contract/audit';

/**
 * Who made a write and from where, as the audit log keeps it. Names are copied into each event,
 * so an event still reads right after the account, link or job is gone.
 */
export type AuditActor = {
  kind: AuditActorKind;
  /** The user, link or job id; null for the system. */
  id: string | null;
  name: string;
  source: AuditSource;
  ip: string | null;
  userAgent: string | null;
};

/**
 * A signed-in member acting through the web app (a session), or an API token (issue 33): the
 * token is the actor, by its id and name, from the `api`.
 */
export function userActor(
  user: { id: string; email: string },
  request: {
    ip: string | null;
    userAgent: string | null;
    via?: 'web' | 'api';
    token?: { id: string; name: string };
  },
  source?: AuditSource,
): AuditActor {
  if (request.token) {
    return {
      kind: 'token',
      id: request.token.id,
      name: request.token.name,
      source: source ?? 'api',
      ip: request.ip,
      userAgent: request.userAgent,
    };
  }
  return {
    kind: 'user',
    id: user.id,
    name: user.email,
    source: source ?? request.via ?? 'web',
    ip: request.ip,
    userAgent: request.userAgent,
  };
}

/**
 * A visitor writing through a public link (`public_form`) or a data link (`data_link`): known only
 * by the link's id (never its token) and address.
 */
export function linkActor(
  kind: 'public_link' | 'data_link',
  linkId: string,
  request: { ip: string | null; userAgent: string | null },
): AuditActor {
  return {
    kind,
    id: linkId,
    name: kind === 'public_link' ? 'Public link' : 'Data link',
    source: kind === 'public_link' ? 'public_form' : 'data_link',
    ip: request.ip,
    userAgent: request.userAgent,
  };
}

/** A bulk or multi-template job writing its items, after the member who started it has left. */
export function jobActor(jobId: string, kind: string): AuditActor {
  return {
    kind: 'job',
    id: jobId,
    name: `Job (${kind})`,
    source: 'bulk_job',
    ip: null,
    userAgent: null,
  };
}

/** The server's own housekeeping (the sweep). */
export const SYSTEM_ACTOR: AuditActor = {
  kind: 'system',
  id: null,
  name: 'System',
  source: 'system_sweep',
  ip: null,
  userAgent: null,
};
