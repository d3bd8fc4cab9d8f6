import { zodResolver } from '@hookform/resolvers/zod';
import {
  memberAddBodySchema,
  ROLE_LABELS,
  type MemberAddBody,
} from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useAddMember } from '../api/members-api';
import { ASSIGNABLE_ROLES } from './assignable-roles';

/** E-mail and role in: an existing account joins at once, anyone else gets an invitation. */
export function MemberAddForm({ workspaceId }: { workspaceId: string }) {
  const add = useAddMember(workspaceId);
  const [banner, setBanner] = useState<string | null>(null);
  const [invitedTo, setInvitedTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<MemberAddBody>({
    resolver: zodResolver(memberAddBodySchema),
    defaultValues: { email: '', role: 'editor' },
  });

  const onSubmit = async (body: MemberAddBody) => {
    setBanner(null);
    setInvitedTo(null);
    try {
      const result = await add.mutateAsync(body);
      if (result.kind === 'invited') {
        setInvitedTo(body.email);
      } else {
        notify.success(`${result.member.email} added as ${ROLE_LABELS[result.member.role]}`);
      }
      reset({ email: '', role: body.role });
    } catch (caught) {
      setBanner(describeError(caught, 'The member could not be added. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Add a member"
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <ErrorBanner message={banner} />
      {invitedTo ? (
        <p role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Invitation sent to {invitedTo}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          className="min-w-64 flex-1"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Role" className="w-40" {...register('role')}>
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="mt-6" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding...' : 'Add member'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Someone with an account here joins at once; anyone else is e-mailed an invitation.
      </p>
    </form>
  );
}
