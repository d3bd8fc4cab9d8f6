import type {
  PasswordResetBody,
  PasswordResetConfirmBody,
  PasswordResetConfirmResponse,
  SignupBody,
  TokenResponse,
  User,
} from '@formbridge/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/login, form-encoded with the e-mail as `username`. */
export function loginRequest(email: string, password: string): Promise<Partial<TokenResponse>> {
  return apiRequest('/api/v1/auth/login', {
    method: 'POST',
    form: { username: email, password },
    isAuthAttempt: true,
  });
}

export function signupRequest(body: SignupBody): Promise<User | null> {
  return apiRequest('/api/v1/auth/signup', { method: 'POST', json: body, isAuthAttempt: true });
}

export function getMe(): Promise<User> {
  return apiRequest('/api/v1/auth/me');
}

/** POST /api/v1/auth/logout: the server revokes this token (best effort: the browser forgets it). */
export function logoutRequest(): Promise<null> {
  return apiRequest('/api/v1/auth/logout', { method: 'POST', isAuthAttempt: true });
}

/** POST /api/v1/auth/logout-all: every token of the account, this one too. */
export function logoutAllRequest(): Promise<null> {
  return apiRequest('/api/v1/auth/logout-all', { method: 'POST' });
}

/** POST /api/v1/auth/password-reset: 202 whatever the address. */
export function requestPasswordReset(body: PasswordResetBody): Promise<null> {
  return apiRequest('/api/v1/auth/password-reset', {
    method: 'POST',
    json: body,
    isAuthAttempt: true,
  });
}

/** POST /api/v1/auth/password-reset/confirm: the account's address on success. */
export function confirmPasswordReset(
  body: PasswordResetConfirmBody,
): Promise<PasswordResetConfirmResponse> {
  return apiRequest('/api/v1/auth/password-reset/confirm', {
    method: 'POST',
    json: body,
    isAuthAttempt: true,
  });
}
