import { zodResolver } from '@hookform/resolvers/zod';
import {
  workspaceCreateBodySchema,
  type WorkspaceCreateBody,
} from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';

type Props = {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Throws the server's refusal, shown in the dialog; resolves when the dialog may close. */
  onSubmit: (body: WorkspaceCreateBody) => Promise<void>;
  onClose: () => void;
};

/** One name in: creating a workspace and renaming one ask the same question. */
export function WorkspaceNameDialog({ title, submitLabel, initialName, onSubmit, onClose }: Props) {
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<WorkspaceCreateBody>({
    resolver: zodResolver(workspaceCreateBodySchema),
    defaultValues: { name: initialName ?? '' },
  });
  const submit = async (body: WorkspaceCreateBody) => {
    setBanner(null);
    try {
      await onSubmit(body);
      onClose();
    } catch (caught) {
      setBanner(describeError(caught, 'The workspace could not be saved. Please try again.'));
    }
  };
  const formId = `workspace-name-${submitLabel.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Modal
      title={title}
      onClose={onClose}
      isBusy={formState.isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit(submit)} noValidate className="space-y-3">
        <ErrorBanner message={banner} />
        <TextField
          label="Workspace name"
          autoComplete="off"
          error={formState.errors.name?.message}
          {...register('name')}
        />
      </form>
    </Modal>
  );
}
