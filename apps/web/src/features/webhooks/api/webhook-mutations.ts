import type { WebhookEndpointInput, WebhookEndpointUpdate } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_ENDPOINTS as E } from '@licensewatch/shared/webhooks-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { WEBHOOKS_QUERY_KEY } from './get-webhook-endpoints';

/** A change to webhooks: afterwards the endpoints and open delivery logs are read again. */
function useWebhookMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

export const useCreateWebhookEndpoint = () =>
  useWebhookMutation((input: WebhookEndpointInput) => callEndpoint(E.create, { body: input }));

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, change }: { id: string; change: WebhookEndpointUpdate }) =>
    callEndpoint(E.update, { params: { id }, body: change }),
  );

export const useDeleteWebhookEndpoint = () =>
  useWebhookMutation((id: string) => callEndpoint(E.remove, { params: { id } }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) => callEndpoint(E.rotateSecret, { params: { id } }));

export const useSendTestWebhook = () =>
  useWebhookMutation((id: string) => callEndpoint(E.sendTest, { params: { id } }));

export const useReplayWebhookDelivery = () =>
  useWebhookMutation((id: string) => callEndpoint(E.replay, { params: { id } }));
