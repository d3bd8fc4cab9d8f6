import { zodResolver } from '@hookform/resolvers/zod';
import { API_TOKEN_ROLES, apiTokenCreateBodySchema } from '@formbridge/contract/api-tokens';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, roleAllows } from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { useWorkspace } from '../../../lib/workspace-context';
import { useCreateApiToken } from '../api/api-tokens-api';
import { ApiTokenSecret } from './api-token-secret';

// The form asks for a day; the token lasts to the end of it, in the user's time zone.
const formSchema = z.object({
  name: apiTokenCreateBodySchema.shape.name,
  role: apiTokenCreateBodySchema.shape.role,
  expires_on: z
    .string()
    .refine((day) => day === '' || endOfDay(day) > Date.now(), 'The expiry must be in the future.'),
});
type FormValues = z.infer<typeof formSchema>;

function endOfDay(day: string): number {
  return new Date(`${day}T23:59:59.999`).getTime();
}

/** New API token: name, role (Editor or Viewer, never above yours), optional expiry; then the secret once. */
export function ApiTokenCreateDialog({ onClose }: { onClose: () => void }) {
  const { current, role } = useWorkspace();
  const create = useCreateApiToken(current?.id ?? '');
  const [banner, setBanner] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const roles = API_TOKEN_ROLES.filter((each) => roleAllows(role, each));
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '',
      role: roles.includes('viewer') ? 'viewer' : roles[0],
      expires_on: '',
    },
  });
  const submit = async (values: FormValues) => {
    setBanner(null);
    try {
      const expires = values.expires_on
        ? new Date(endOfDay(values.expires_on)).toISOString()
        : null;
      const made = await create.mutateAsync({
        name: values.name,
        role: values.role,
        expires_at: expires,
      });
      setCreated({ name: values.name, secret: made.token });
    } catch (caught) {
      setBanner(describeError(caught, 'The token could not be created. Please try again.'));
    }
  };
  if (created) {
    return (
      <Modal
        title="API token created"
        onClose={onClose}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <ApiTokenSecret name={created.name} secret={created.secret} />
      </Modal>
    );
  }
  const formId = 'api-token-create';
  return (
    <Modal
      title="New API token"
      onClose={onClose}
      isBusy={formState.isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Creating...' : 'Create token'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit(submit)} noValidate className="space-y-3">
        <ErrorBanner message={banner} />
        <TextField
          label="Name"
          autoComplete="off"
          placeholder="Nightly export script"
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <SelectField label="Role" error={formState.errors.role?.message} {...register('role')}>
          {roles.map((each) => (
            <option key={each} value={each}>
              {ROLE_LABELS[each]} — {ROLE_DESCRIPTIONS[each]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Expires on (optional)"
          type="date"
          error={formState.errors.expires_on?.message}
          {...register('expires_on')}
        />
      </form>
    </Modal>
  );
}
