import {
  INVITATION_MESSAGES,
  invitationCheckSchema,
  type InvitationCheck,
} from '@formbridge/contract/invitations';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';

/** POST /api/v1/invitations/check (public): the invited address of a usable link. */
export async function checkInvitation(token: string): Promise<InvitationCheck> {
  return invitationCheckSchema.parse(
    await apiRequest('/api/v1/invitations/check', {
      method: 'POST',
      json: { token },
      isAuthAttempt: true,
    }),
  );
}

export type InvitationState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'valid'; email: string }
  | { kind: 'invalid'; message: string };

/** What the register page knows about the `?invite=` token it was opened with. */
export function useInvitationCheck(token: string | null): InvitationState {
  // The answer is kept with the token it is for, so a changed token reads as checking again.
  const [answer, setAnswer] = useState<{ token: string; state: InvitationState } | null>(null);
  useEffect(() => {
    if (!token) {
      return;
    }
    let isCurrent = true;
    checkInvitation(token)
      .then((invitation) => {
        if (isCurrent) {
          setAnswer({ token, state: { kind: 'valid', email: invitation.email } });
        }
      })
      .catch((caught: unknown) => {
        if (isCurrent) {
          const message = describeError(caught, INVITATION_MESSAGES.invalid);
          setAnswer({ token, state: { kind: 'invalid', message } });
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [token]);
  if (!token) {
    return { kind: 'none' };
  }
  return answer?.token === token ? answer.state : { kind: 'checking' };
}
