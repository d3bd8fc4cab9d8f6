import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm } from '@formbridge/contract/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { TextField } from '../../../components/ui/text-field';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { useInvitationCheck } from '../api/check-invitation';

/** /register; opened from an invitation (`?invite=`) it creates the invited address's account. */
export function RegisterPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('invite');
  const invitation = useInvitationCheck(inviteToken);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const invitedEmail = invitation.kind === 'valid' ? invitation.email : null;

  useEffect(() => {
    if (invitedEmail !== null) {
      setValue('email', invitedEmail);
    }
  }, [invitedEmail, setValue]);

  const onSubmit = async (form: RegisterForm) => {
    setBanner(null);
    try {
      const result = await auth.register(form.email, form.password, inviteToken ?? undefined);
      if (result.ok) {
        await navigate('/login');
        return;
      }
      setBanner(result.message || 'Registration failed. This email may already be in use.');
    } catch {
      setBanner('An unexpected error occurred. Please try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">Create your account</h2>
      {invitation.kind === 'checking' ? <Spinner /> : null}
      {invitedEmail !== null ? (
        <p className="text-sm text-slate-600">
          You were invited to join. This link creates the account for{' '}
          <strong className="break-all">{invitedEmail}</strong>.
        </p>
      ) : null}
      <ErrorBanner
        message={banner ?? (invitation.kind === 'invalid' ? invitation.message : null)}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={invitedEmail !== null}
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          Sign in
        </Link>
      </p>
    </form>
  );
}
