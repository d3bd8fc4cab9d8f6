import type { EmbedSettings } from '@formbridge/contract/embed';
import { EMBED_SUBMITTED, PREFILL_PREFIX } from '@formbridge/contract/embed';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { describeError } from '../../lib/describe-error';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';

type Props = {
  /** `/api/v1/public-forms/{token}/embed` or `/api/v1/public-data-links/{id}/embed`. */
  embedPath: string;
  canEdit: boolean;
  onClose: () => void;
};

/**
 * "Embed on your site": the sites allowed to frame the form (none until the owner names one),
 * the snippet to paste, and how prefill and the submit message work.
 */
export function EmbedDialog({ embedPath, canEdit, onClose }: Props) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.embed(embedPath),
    queryFn: () => apiRequest<EmbedSettings>(embedPath),
  });
  const save = useMutation({
    mutationFn: (origins: string[]) =>
      apiRequest<EmbedSettings>(embedPath, { method: 'PUT', json: { allowed_origins: origins } }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.embed(embedPath), saved),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const originsId = useId();
  const snippetId = useId();
  const data = settings.data;
  const text = draft ?? data?.allowed_origins.join('\n') ?? '';

  const onSave = async () => {
    const origins = text
      .split(/[\n,]/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      await save.mutateAsync(origins);
      setDraft(null);
      setError(null);
      notify.success(origins.length ? 'Embedding sites saved' : 'Embedding turned off');
    } catch (caught) {
      setError(describeError(caught, 'Failed to save the embedding sites'));
    }
  };
  const copy = async () => {
    if (!data) {
      return;
    }
    await navigator.clipboard.writeText(data.iframe_html);
    notify.success('Embed code copied to clipboard');
  };

  return (
    <Modal
      title="Embed on your site"
      size="lg"
      onClose={onClose}
      isBusy={save.isPending}
      footer={
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Close
        </Button>
      }
    >
      {settings.isPending ? <Spinner label="Loading..." /> : null}
      {settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {describeError(settings.error, 'Failed to load the embed settings')}
        </p>
      ) : null}
      {data ? (
        <div className="space-y-5 text-sm">
          <div className="space-y-2">
            <label htmlFor={originsId} className="block font-medium text-slate-900">
              Sites allowed to embed this form
            </label>
            <p id={`${originsId}-help`} className="text-slate-600">
              One address per line, such as https://www.example.org. Other sites cannot show the
              form; with none, it opens only as a link.
            </p>
            <textarea
              id={originsId}
              aria-describedby={`${originsId}-help`}
              aria-invalid={error ? true : undefined}
              rows={3}
              value={text}
              readOnly={!canEdit}
              onChange={(event) => setDraft(event.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
            />
            {error ? (
              <p role="alert" className="text-red-700">
                {error}
              </p>
            ) : null}
            {canEdit ? (
              <Button onClick={() => void onSave()} disabled={save.isPending || draft === null}>
                {save.isPending ? 'Saving...' : 'Save sites'}
              </Button>
            ) : null}
          </div>
          <div className="space-y-2">
            <label htmlFor={snippetId} className="block font-medium text-slate-900">
              Embed code
            </label>
            <textarea
              id={snippetId}
              readOnly
              rows={4}
              value={data.iframe_html}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              Copy embed code
            </Button>
          </div>
          <div className="space-y-1 text-slate-600">
            <p>
              Prefill a field by adding it to the iframe address:{' '}
              <code className="rounded bg-slate-100 px-1">?{PREFILL_PREFIX}first_name=Ada</code>{' '}
              (values already stored are never replaced).
            </p>
            <p>
              When the visitor submits, your page receives the message{' '}
              <code className="rounded bg-slate-100 px-1">
                {`{ type: "${EMBED_SUBMITTED}", id }`}
              </code>
              : the new completed form's id for a document form, the link's token for a data link.
            </p>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
