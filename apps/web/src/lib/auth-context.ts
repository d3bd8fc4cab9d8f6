import type { User } from '@formbridge/contract/auth';
import { createContext, useContext } from 'react';

/** The signed-in user: the full record, or only the id when /me could not be read (token-only). */
export type SessionUser = Pick<User, 'id'> & Partial<User>;

export type AuthResult = { ok: true } | { ok: false; message: string };

export type AuthState = {
  user: SessionUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  error: string | null;
  /** Resolves with the server's reason when it refused; `error` keeps the same message. */
  login: (email: string, password: string) => Promise<AuthResult>;
  /** `inviteToken` comes from an invitation link (`/register?invite=`). */
  register: (email: string, password: string, inviteToken?: string) => Promise<AuthResult>;
  /** Signs out: the server revokes this token, the browser forgets it. */
  logout: () => void;
  /** Signs out every session of the account (other browsers and devices too). */
  logoutEverywhere: () => Promise<AuthResult>;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) {
    throw new Error('useAuth must be used within an AuthProvider');
  }
  return state;
}
