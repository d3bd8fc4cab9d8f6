import { AppError } from '../../lib/errors.ts';
import { findWorkspaceOwner } from '../workspaces/workspaces.public.ts';
import { generateCompletedForm } from '../completed-forms/completed-forms.public.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import type { GenerateForLink } from './public-forms.service.ts';

/**
 * Generation on the owner's behalf for a public document form: the same single-record generation
 * a member's button runs, in the link's workspace as its Owner (so universal values like
 * user_email are the Owner's), without e-mail and editable, like a default generation.
 */
export function createLinkGenerator(deps: FillDeps): GenerateForLink {
  return async (link) => {
    const owner = await findWorkspaceOwner(deps.ctx.db, link.ownerId);
    if (!owner) {
      throw new AppError(404, 'Owner not found');
    }
    const { row } = await generateCompletedForm(
      deps,
      {
        user: owner,
        workspaceId: link.ownerId,
        role: 'owner',
        ip: null,
        userAgent: null,
        via: 'web',
      },
      { templateId: link.templateId, tableId: link.tableId, recordId: link.recordId },
      { send_email: false, email_recipients: [], flatten: false },
      // No e-mail is sent for a link, so no client address is counted against a mail quota.
      'public-link',
      link.scope.actor,
    );
    return row.id;
  };
}
