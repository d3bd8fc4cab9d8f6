import { roleAllows, roleNeededMessage } from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useWorkspace } from '../../../lib/workspace-context';
import { ApiTokenCreateDialog } from './api-token-create-dialog';
import { ApiTokensTable } from './api-tokens-table';

/** /workspace/tokens: Admins make and revoke the workspace's API tokens (issue 33). */
export function ApiTokensPage() {
  const { current, role } = useWorkspace();
  const [isCreating, setIsCreating] = useState(false);
  if (!current) {
    return <p className="text-sm text-slate-600">Workspaces are not available on this server.</p>;
  }
  if (!roleAllows(role, 'admin')) {
    return (
      <p role="alert" className="text-sm text-slate-600">
        {roleNeededMessage('admin', role)}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">API tokens</h1>
          <p className="text-sm text-slate-500">
            Tokens let scripts call the API in {current.name} as an Editor or a Viewer. They can
            never manage tokens, members or webhooks. See the API guide (docs/api.md).
          </p>
        </div>
        <Button onClick={() => setIsCreating(true)}>New token</Button>
      </div>
      <ApiTokensTable workspaceId={current.id} />
      {isCreating ? <ApiTokenCreateDialog onClose={() => setIsCreating(false)} /> : null}
    </div>
  );
}
