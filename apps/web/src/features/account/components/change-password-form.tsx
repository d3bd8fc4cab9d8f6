import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordForm } from '@formbridge/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

/** Current password, new password twice; other devices are signed out on success. */
export function ChangePasswordFormCard() {
  const change = useChangePassword();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (form: ChangePasswordForm) => {
    setBanner(null);
    try {
      await change.mutateAsync({
        current_password: form.currentPassword,
        new_password: form.newPassword,
      });
      notify.success('Password changed. Other devices have been signed out.');
      reset();
    } catch (caught) {
      setBanner(describeError(caught, 'The password could not be changed. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Change password"
      className="max-w-md space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="text-lg font-semibold text-slate-900">Change password</h2>
      <ErrorBanner message={banner} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
