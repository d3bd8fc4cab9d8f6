import { ApiError } from '../../../lib/api-client';
import { authHeaders } from '../../../lib/workspace-store';
import { auditPath, type ActivityFilters } from './list-audit-events';

/**
 * Downloads the filtered log as CSV. The export needs the bearer header, so a plain link cannot
 * fetch it: the file comes back as a blob and an object URL hands it to the browser's downloads.
 */
export async function downloadAuditCsv(
  workspaceId: string,
  filters: ActivityFilters,
): Promise<void> {
  const response = await fetch(auditPath(workspaceId, filters, {}, 'audit.csv'), {
    headers: authHeaders(),
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text is the detail.
    }
    throw new ApiError(response.status, body, 'Failed to export the activity');
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
