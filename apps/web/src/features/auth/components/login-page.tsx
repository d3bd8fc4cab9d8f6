import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema, type LoginForm } from '@formbridge/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth-context';
import { readLastEmail } from '../../../lib/session';
import { useSignupAllowed } from '../api/get-auth-settings';

export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  // After a password reset the page arrives with the account's address.
  const location = useLocation() as { state: { email?: unknown } | null };
  const resetEmail = typeof location.state?.email === 'string' ? location.state.email : '';
  const isSignupAllowed = useSignupAllowed();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    // The e-mail a password reset came back with, else the last one signed in with here: after
    // registering, logout or an expired session only the password is to type.
    defaultValues: { email: resetEmail || readLastEmail(), password: '' },
  });

  const onSubmit = async (form: LoginForm) => {
    setBanner(null);
    try {
      const result = await auth.login(form.email, form.password);
      if (result.ok) {
        await navigate('/', { replace: true });
        return;
      }
      // The server's reason (wrong credentials, too many attempts) beats the generic line.
      setBanner(result.message || 'Login failed. Please check your credentials.');
    } catch (error) {
      setBanner(error instanceof Error ? error.message : 'Login failed. Please try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">Sign in to your account</h2>
      <ErrorBanner message={banner} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in...' : 'Sign in'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          Forgot your password?
        </Link>
      </p>
      {isSignupAllowed ? (
        <p className="text-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-indigo-600 hover:text-indigo-500">
            Register
          </Link>
        </p>
      ) : (
        <p className="text-center text-sm text-slate-600">
          Accounts on this server are by invitation.
        </p>
      )}
    </form>
  );
}
