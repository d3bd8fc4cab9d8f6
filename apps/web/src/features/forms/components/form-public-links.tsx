import { useState } from 'react';
import { EmbedDialog } from '../../../components/embed/embed-dialog';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-context';
import { usePublicFormLinks, useRevokePublicFormLink } from '../api/forms-api';

/** Who can fill this document from outside: each live link, with Copy, Embed and Revoke. */
export function FormPublicLinks({
  templateId,
  recordId,
}: {
  templateId: string;
  recordId: string;
}) {
  const links = usePublicFormLinks(templateId, recordId);
  const revoke = useRevokePublicFormLink(templateId, recordId);
  const canEdit = useCan('editor');
  const [embedToken, setEmbedToken] = useState<string | null>(null);
  const live = (links.data ?? []).filter((link) => link.is_active);
  if (live.length === 0) {
    return null;
  }
  const onRevoke = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      notify.success('Public link revoked');
    } catch {
      notify.error('Failed to revoke public link');
    }
  };
  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label="Public links"
    >
      <h2 className="font-semibold text-slate-900">Public links</h2>
      <p className="text-sm text-slate-500">
        Anyone with one of these links can fill in this document.
      </p>
      <ul className="mt-2 divide-y divide-slate-100">
        {live.map((link) => (
          <li
            key={link.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
          >
            <span className="min-w-0 truncate font-mono text-xs text-slate-600" title={link.url}>
              {link.url}
            </span>
            <span className="flex items-center gap-3">
              <span className="text-xs text-slate-500">{formatDateTime(link.created_at)}</span>
              <button
                type="button"
                className="text-xs font-medium text-indigo-600 hover:text-indigo-500"
                onClick={() =>
                  void navigator.clipboard
                    .writeText(link.url)
                    .then(() => notify.success('Public link copied to clipboard'))
                }
              >
                Copy
              </button>
              <button
                type="button"
                className="text-xs font-medium text-indigo-600 hover:text-indigo-500"
                onClick={() => setEmbedToken(link.token)}
              >
                Embed
              </button>
              <button
                type="button"
                className="text-xs font-medium text-red-600 hover:text-red-500"
                disabled={revoke.isPending}
                onClick={() => void onRevoke(link.id)}
              >
                Revoke
              </button>
            </span>
          </li>
        ))}
      </ul>
      {embedToken ? (
        <EmbedDialog
          embedPath={`/api/v1/public-forms/${embedToken}/embed`}
          canEdit={canEdit}
          onClose={() => setEmbedToken(null)}
        />
      ) : null}
    </section>
  );
}
