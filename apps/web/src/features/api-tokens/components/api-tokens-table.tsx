import type { ApiToken } from '@formbridge/contract/api-tokens';
import { ROLE_LABELS } from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens-api';

function lastUsed(token: ApiToken): string {
  if (!token.last_used_at) {
    return 'Never';
  }
  const when = formatDateTime(token.last_used_at);
  return token.last_used_ip ? `${when} from ${token.last_used_ip}` : when;
}

function expires(token: ApiToken): string {
  if (!token.expires_at) {
    return 'Never';
  }
  return `${token.expired ? 'Expired ' : ''}${formatDateTime(token.expires_at)}`;
}

/** The workspace's live tokens; revoking one asks first and takes effect at once. */
export function ApiTokensTable({ workspaceId }: { workspaceId: string }) {
  const tokens = useApiTokens(workspaceId);
  const revoke = useRevokeApiToken(workspaceId);
  const [pending, setPending] = useState<ApiToken | null>(null);

  const confirm = async () => {
    if (!pending) {
      return;
    }
    try {
      await revoke.mutateAsync(pending.id);
      notify.success(`Token ${pending.name} revoked`);
    } catch (caught) {
      notify.error(describeError(caught, `Failed to revoke ${pending.name}`));
    } finally {
      setPending(null);
    }
  };

  if (tokens.isPending) {
    return <Spinner />;
  }
  if (tokens.isError) {
    return (
      <LoadFailed
        what="the API tokens"
        reason={describeError(tokens.error, 'Failed to load the API tokens')}
        onRetry={() => void tokens.refetch()}
        isRetrying={tokens.isFetching}
      />
    );
  }
  if (tokens.data.length === 0) {
    return (
      <EmptyState
        title="No API tokens"
        message="Scripts and integrations use a token to call the API as an Editor or a Viewer."
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">API tokens</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3">
              Created by
            </th>
            <th scope="col" className="px-4 py-3">
              Created
            </th>
            <th scope="col" className="px-4 py-3">
              Expires
            </th>
            <th scope="col" className="px-4 py-3">
              Last used
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tokens.data.map((token) => (
            <tr key={token.id}>
              <td className="px-4 py-3 font-medium break-words text-slate-900">{token.name}</td>
              <td className="px-4 py-3 text-slate-700">{ROLE_LABELS[token.role]}</td>
              <td className="px-4 py-3 break-words text-slate-700">{token.created_by.email}</td>
              <td className="px-4 py-3 text-slate-700">{formatDateTime(token.created_at)}</td>
              <td className={`px-4 py-3 ${token.expired ? 'text-red-700' : 'text-slate-700'}`}>
                {expires(token)}
              </td>
              <td className="px-4 py-3 text-slate-700">{lastUsed(token)}</td>
              <td className="px-4 py-3 text-right">
                <Button
                  variant="ghost"
                  onClick={() => setPending(token)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pending ? (
        <ConfirmDialog
          title="Revoke API token"
          message={`Revoke “${pending.name}”? Scripts using it stop working at once; this cannot be undone.`}
          confirmLabel="Revoke"
          busyLabel="Revoking..."
          isBusy={revoke.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
