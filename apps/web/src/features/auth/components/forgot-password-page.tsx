import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetBodySchema, type PasswordResetBody } from '@formbridge/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { requestPasswordReset } from '../api/auth-api';

/** /forgot-password: asks for a reset link; the answer is the same whether the address is known. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PasswordResetBody>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (form: PasswordResetBody) => {
    setBanner(null);
    try {
      await requestPasswordReset(form);
      setSentTo(form.email);
    } catch (caught) {
      setBanner(describeError(caught, 'The request could not be sent. Please try again.'));
    }
  };

  if (sentTo !== null) {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">Check your e-mail</h2>
        <p className="text-sm text-slate-600">
          If {sentTo} has an account here, an e-mail with a link to choose a new password is on its
          way. The link works once, for one hour.
        </p>
        <Link to="/login" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">Forgot your password?</h2>
      <p className="text-sm text-slate-600">
        Enter your account&apos;s e-mail address and we will send you a link to choose a new one.
      </p>
      <ErrorBanner message={banner} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
