import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { splitRecipients, useEmailForm } from '../api/forms-api';

/** 'Send Form via Email': sends the PDF for real; only accepted addresses are recorded. */
export function FormEmailDialog({ formId, onClose }: { formId: string; onClose: () => void }) {
  const email = useEmailForm();
  const [recipients, setRecipients] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const addresses = splitRecipients(recipients);
    if (addresses.length === 0) {
      setError('Please provide at least one email recipient');
      return;
    }
    setError(null);
    try {
      const result = await email.mutateAsync({ id: formId, recipients: addresses });
      if (result.email?.error || result.email?.sent_to.length === 0) {
        setError(result.email.error ?? 'Failed to send email');
        return;
      }
      notify.success('Form sent via email successfully');
      if (result.email && result.email.rejected.length > 0) {
        notify.warning(`Not delivered to: ${result.email.rejected.join(', ')}`);
      }
      onClose();
    } catch (caught) {
      notify.error('Failed to send email');
      setError(describeError(caught, 'Failed to send email'));
    }
  };

  return (
    <Modal
      title="Send Form via Email"
      onClose={onClose}
      isBusy={email.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={email.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="email-form" disabled={email.isPending}>
            {email.isPending ? 'Sending...' : 'Send'}
          </Button>
        </>
      }
    >
      <form id="email-form" onSubmit={onSubmit} noValidate className="space-y-3">
        <ErrorBanner message={error} />
        <label className="block text-sm font-medium text-slate-700">
          Recipients (comma-separated)
          <input
            type="text"
            value={recipients}
            onChange={(event) => setRecipients(event.target.value)}
            placeholder="name@example.com, other@example.com"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
      </form>
    </Modal>
  );
}
