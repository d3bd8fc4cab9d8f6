import { authSettingsSchema, type AuthSettings } from '@formbridge/contract/auth';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/auth/settings (public): whether this server lets anyone register. */
export async function getAuthSettings(): Promise<AuthSettings> {
  return authSettingsSchema.parse(
    await apiRequest('/api/v1/auth/settings', { isAuthAttempt: true }),
  );
}

/**
 * Whether to offer registration: true until the server says otherwise, so the usual case shows
 * the link at once; an unreachable server leaves it (the sign-up itself would then say why).
 */
export function useSignupAllowed(): boolean {
  const [isAllowed, setIsAllowed] = useState(true);
  useEffect(() => {
    let isCurrent = true;
    getAuthSettings()
      .then((settings) => {
        if (isCurrent) {
          setIsAllowed(settings.allow_signup);
        }
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  return isAllowed;
}
