import { zodResolver } from '@hookform/resolvers/zod';
import {
  invitationCreateBodySchema,
  type InvitationCreateBody,
} from '@formbridge/contract/invitations';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useCreateInvitation } from '../api/invitations-api';

/** E-mail address in, invitation e-mail out; the server's refusal shows in a banner. */
export function InvitationForm() {
  const create = useCreateInvitation();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<InvitationCreateBody>({
    resolver: zodResolver(invitationCreateBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (form: InvitationCreateBody) => {
    setBanner(null);
    try {
      const invitation = await create.mutateAsync(form);
      notify.success(`Invitation sent to ${invitation.email}`);
      reset();
    } catch (caught) {
      setBanner(describeError(caught, 'The invitation could not be sent. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Invite a colleague"
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <ErrorBanner message={banner} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label="Colleague's email"
          type="email"
          autoComplete="off"
          className="min-w-64 flex-1"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="mt-6" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        The e-mail holds a link that creates one account for this address, within 7 days, even when
        registration on this server is closed.
      </p>
    </form>
  );
}
