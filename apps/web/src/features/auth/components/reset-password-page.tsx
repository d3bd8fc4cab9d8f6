import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@formbridge/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { authToast } from '../../../lib/toast';
import { confirmPasswordReset } from '../api/auth-api';

/** /reset-password?token=…: the page a reset e-mail opens; a new password signs in afresh. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async (form: ResetPasswordForm) => {
    setBanner(null);
    try {
      const { email } = await confirmPasswordReset({ token, password: form.password });
      authToast.success('Password changed. Sign in with your new password.');
      await navigate('/login', { replace: true, state: { email } });
    } catch (caught) {
      setBanner(describeError(caught, 'The password could not be changed. Please try again.'));
    }
  };

  if (token === '') {
    return (
      <div className="space-y-4">
        <ErrorBanner message="This page needs the link from your password reset e-mail." />
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          Ask for a new link
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">Choose a new password</h2>
      <ErrorBanner message={banner} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Link expired?{' '}
        <Link to="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          Ask for a new one
        </Link>
      </p>
    </form>
  );
}
