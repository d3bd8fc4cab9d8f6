import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@formbridge/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/change-password: 204; the account's other sessions are signed out. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiRequest('/api/v1/auth/change-password', { method: 'POST', json: body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
