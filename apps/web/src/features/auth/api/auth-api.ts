import type { SignupBody, TokenResponse, User } from '@formbridge/contract/auth';
import { apiRequest } from '../../../lib/api-client';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

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
