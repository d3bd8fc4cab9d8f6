import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { describeError } from '../../lib/describe-error';
import {
  clearToken,
  decodeToken,
  isTokenExpired,
  readToken,
  storeLastEmail,
  storeToken,
} from '../../lib/session';
import { authToast } from '../../lib/toast';
import {
  getMe,
  loginRequest,
  logoutAllRequest,
  logoutRequest,
  signupRequest,
} from './api/auth-api';
import {
  AuthContext,
  type AuthResult,
  type AuthState,
  type SessionUser,
} from '../../lib/auth-context';

/** Session state of spec §4: unauthenticated, loading, authenticated, token-only. */
type StoredSession = { token: string; sub: string } | 'none' | 'expired';

// Read once at start: an expired or unreadable token means a silent logout.
function readStoredSession(): StoredSession {
  const stored = readToken();
  if (!stored) {
    return 'none';
  }
  const claims = decodeToken(stored);
  return !claims || isTokenExpired(claims) ? 'expired' : { token: stored, sub: claims.sub };
}

/** Session state of spec §4: unauthenticated, loading, authenticated, token-only. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [initial] = useState(readStoredSession);
  const [token, setToken] = useState<string | null>(
    typeof initial === 'object' ? initial.token : null,
  );
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(typeof initial === 'object');
  const [error, setError] = useState<string | null>(null);

  const dropSession = useCallback(() => {
    clearToken();
    setToken(null);
    setUser(null);
  }, []);

  const logout = useCallback(() => {
    // The token is revoked on the server first (while the client still holds it); the browser
    // forgets it whatever the answer, so signing out never waits on the network.
    void logoutRequest()
      .catch(() => null)
      .finally(() => {
        dropSession();
        authToast.loggedOut();
        void navigate('/login', { replace: true });
      });
  }, [dropSession, navigate]);

  const logoutEverywhere = useCallback(async (): Promise<AuthResult> => {
    try {
      await logoutAllRequest();
    } catch (caught) {
      return { ok: false, message: describeError(caught, 'Could not sign out everywhere.') };
    }
    dropSession();
    authToast.info('Signed out on every device.');
    void navigate('/login', { replace: true });
    return { ok: true };
  }, [dropSession, navigate]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      dropSession();
      if (window.location.pathname !== '/login') {
        void navigate('/login', { replace: true });
      }
    });
  }, [dropSession, navigate]);

  useEffect(() => {
    if (initial === 'none') {
      return;
    }
    if (initial === 'expired') {
      clearToken();
      authToast.loggedOut();
      return;
    }
    let isCurrent = true;
    getMe()
      .then((me) => isCurrent && setUser(me))
      // The token may still be good while /me fails: keep the minimal user from `sub`.
      .catch(() => isCurrent && readToken() && setUser({ id: initial.sub }))
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [initial]);

  const login = useCallback(async (email: string, password: string): Promise<AuthResult> => {
    setError(null);
    try {
      const response = await loginRequest(email, password);
      if (!response?.access_token) {
        throw new Error('Login failed: Invalid response from server');
      }
      storeToken(response.access_token);
      storeLastEmail(email);
      setToken(response.access_token);
      try {
        setUser(await getMe());
        authToast.success('Login successful!');
      } catch {
        setUser(null);
        authToast.error('Logged in but failed to get user data');
      }
      return { ok: true };
    } catch (caught) {
      // A network failure says so; only an answer from the server is about the credentials.
      const message = describeError(caught, 'Login failed. Please check your credentials.', {
        allowErrorMessage: true,
      });
      setError(message);
      authToast.error(message);
      return { ok: false, message };
    }
  }, []);

  const register = useCallback(
    async (email: string, password: string, inviteToken?: string): Promise<AuthResult> => {
      setError(null);
      try {
        const created = await signupRequest({
          email,
          password,
          ...(inviteToken === undefined ? {} : { invite_token: inviteToken }),
        });
        if (!created) {
          throw new Error('Registration failed: Invalid response from server');
        }
        // The sign-in form that follows starts with this e-mail filled in.
        storeLastEmail(email);
        authToast.success('Registration successful! Please login.');
        return { ok: true };
      } catch (caught) {
        const message = describeError(caught, 'Registration failed. Please try again.', {
          allowErrorMessage: true,
        });
        setError(message);
        authToast.error(message);
        return { ok: false, message };
      }
    },
    [],
  );

  const value = useMemo<AuthState>(
    () => ({
      user,
      isLoading,
      isAuthenticated: token !== null,
      error,
      login,
      register,
      logout,
      logoutEverywhere,
    }),
    [user, isLoading, token, error, login, register, logout, logoutEverywhere],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
