import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenCreateBody,
  ApiTokenCreated,
  ApiTokenList,
} from '@formbridge/contract/api-tokens';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const tokensPath = (workspaceId: string) =>
  `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/tokens`;

/** GET /api/v1/workspaces/{id}/tokens: the live tokens, never their secrets. */
export function useApiTokens(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.apiTokens(workspaceId),
    queryFn: async () => (await apiRequest<ApiTokenList>(tokensPath(workspaceId))).tokens,
  });
}

/** POST /api/v1/workspaces/{id}/tokens: the answer holds the secret, this once. */
export function useCreateApiToken(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreateBody) =>
      apiRequest<ApiTokenCreated>(tokensPath(workspaceId), { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens(workspaceId) }),
  });
}

/** DELETE /api/v1/workspaces/{id}/tokens/{token_id}: the token answers 401 from then on. */
export function useRevokeApiToken(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest<null>(`${tokensPath(workspaceId)}/${encodeURIComponent(tokenId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens(workspaceId) }),
  });
}
