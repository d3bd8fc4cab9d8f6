import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookUpdate,
} from '@formbridge/contract/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const webhooksPath = (workspaceId: string) =>
  `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks`;
const webhookPath = (workspaceId: string, webhookId: string) =>
  `${webhooksPath(workspaceId)}/${encodeURIComponent(webhookId)}`;

/** GET /api/v1/workspaces/{id}/webhooks: the endpoints with their last delivery, never secrets. */
export function useWebhooks(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.list(workspaceId),
    queryFn: async () => (await apiRequest<WebhookList>(webhooksPath(workspaceId))).webhooks,
  });
}

/** POST …/webhooks: the answer holds the signing secret, this once. */
export function useCreateWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreate) =>
      apiRequest<WebhookCreated>(webhooksPath(workspaceId), { method: 'POST', json: body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(workspaceId) }),
  });
}

/** PATCH …/webhooks/{webhook_id}: URL, events, or pause / resume. */
export function useUpdateWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookUpdate }) =>
      apiRequest<Webhook>(webhookPath(workspaceId, id), { method: 'PATCH', json: body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(workspaceId) }),
  });
}

/** DELETE …/webhooks/{webhook_id}: the endpoint and its delivery log go. */
export function useDeleteWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(webhookPath(workspaceId, id), { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(workspaceId) }),
  });
}

/** GET …/webhooks/{webhook_id}/deliveries: the newest 100, refreshed while any is pending. */
export function useWebhookDeliveries(workspaceId: string, webhookId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(workspaceId, webhookId),
    queryFn: async () =>
      (await apiRequest<WebhookDeliveryList>(`${webhookPath(workspaceId, webhookId)}/deliveries`))
        .deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 2000 : false,
  });
}

/** POST …/deliveries/{delivery_id}/redeliver: sent again with the same event id. */
export function useRedeliver(workspaceId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<WebhookDelivery>(
        `${webhookPath(workspaceId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        { method: 'POST' },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(workspaceId) }),
  });
}
