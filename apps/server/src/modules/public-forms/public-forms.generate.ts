import { AppError } from '../../lib/errors.ts';
import { findAccount } from '../auth/auth.public.ts';
import { generateCompletedForm } from '../completed-forms/completed-forms.public.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import type { GenerateForLink } from './public-forms.service.ts';

/**
 * Generation on the owner's behalf for a public document form: the same single-record generation
 * the owner's own button runs (as the owner, so universal values like user_email are theirs),
 * without e-mail and editable, like a default generation.
 */
export function createLinkGenerator(deps: FillDeps): GenerateForLink {
  return async (link) => {
    const owner = await findAccount(deps.ctx.db, link.ownerId);
    if (!owner) {
      throw new AppError(404, 'Owner not found');
    }
    const { row } = await generateCompletedForm(
      deps,
      { id: owner.id, email: owner.email, created_at: owner.created_at },
      { templateId: link.templateId, tableId: link.tableId, recordId: link.recordId },
      { send_email: false, email_recipients: [], flatten: false },
      // No e-mail is sent for a link, so no client address is counted against a mail quota.
      'public-link',
    );
    return row.id;
  };
}
