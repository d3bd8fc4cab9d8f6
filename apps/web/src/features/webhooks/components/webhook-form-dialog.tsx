import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookCreateSchema,
  type Webhook,
} from '@formbridge/contract/webhooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useWorkspace } from '../../../lib/workspace-context';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks-api';
import { WebhookSecret } from './webhook-secret';

const formSchema = z.object({
  url: webhookCreateSchema.shape.url,
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event'),
});
type FormValues = z.input<typeof formSchema>;

/** New endpoint (then its secret, once) or an endpoint's URL and events changed. */
export function WebhookFormDialog({
  webhook,
  onClose,
}: {
  webhook?: Webhook;
  onClose: () => void;
}) {
  const { current } = useWorkspace();
  const workspaceId = current?.id ?? '';
  const create = useCreateWebhook(workspaceId);
  const update = useUpdateWebhook(workspaceId);
  const [banner, setBanner] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      url: webhook?.url ?? '',
      events: webhook?.events ?? ['completed_form.created'],
    },
  });
  const submit = async (values: FormValues) => {
    setBanner(null);
    const body = { url: values.url.trim(), events: values.events };
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, body });
        notify.success('Endpoint saved');
        onClose();
      } else {
        setSecret((await create.mutateAsync(body)).secret);
      }
    } catch (caught) {
      setBanner(describeError(caught, 'The endpoint could not be saved. Please try again.'));
    }
  };
  if (secret) {
    return (
      <Modal
        title="Endpoint created"
        onClose={onClose}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <WebhookSecret secret={secret} />
      </Modal>
    );
  }
  const formId = 'webhook-form';
  return (
    <Modal
      title={webhook ? 'Edit endpoint' : 'New endpoint'}
      onClose={onClose}
      isBusy={formState.isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : webhook ? 'Save' : 'Create endpoint'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
        <ErrorBanner message={banner} />
        <TextField
          label="Endpoint URL"
          type="url"
          autoComplete="off"
          placeholder="https://example.com/formbridge-events"
          error={formState.errors.url?.message}
          {...register('url')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <div key={type}>
              <CheckboxField label={type} value={type} {...register('events')} />
              <p className="ml-6 text-xs text-slate-500">{WEBHOOK_EVENT_LABELS[type]}</p>
            </div>
          ))}
          {formState.errors.events?.message ? (
            <p role="alert" className="text-sm text-red-700">
              {formState.errors.events.message}
            </p>
          ) : null}
        </fieldset>
      </form>
    </Modal>
  );
}
