import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddColumnsBody,
  AddColumnsResponse,
  CreateTableFromTemplateResponse,
  TableProposal,
  TableProposalInput,
} from '@formbridge/contract/table-proposal';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The proposal is computed afresh on each opening: mappings may have changed since. With a table,
 * only the columns it lacks ("Add missing columns").
 */
export function useTableProposal(templateId: string, tableId?: string) {
  const query = tableId === undefined ? '' : `?table_id=${encodeURIComponent(tableId)}`;
  return useMutation({
    mutationFn: () =>
      apiRequest<TableProposal>(`/api/v1/pdf-templates/${templateId}/table-proposal${query}`, {
        method: 'POST',
      }),
  });
}

async function refreshAfterChange(
  queryClient: ReturnType<typeof useQueryClient>,
  templateId: string,
) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tables.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate(templateId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);
}

/** Creates the table and its mappings; the tables list and the template's mappings change. */
export function useCreateTableFromTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TableProposalInput) =>
      apiRequest<CreateTableFromTemplateResponse>(
        `/api/v1/pdf-templates/${templateId}/create-table`,
        { method: 'POST', json: body },
      ),
    onSuccess: () => refreshAfterChange(queryClient, templateId),
  });
}

/** Adds the missing columns to a table and maps the form's fields to it. */
export function useAddColumnsFromTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddColumnsBody) =>
      apiRequest<AddColumnsResponse>(`/api/v1/pdf-templates/${templateId}/add-columns`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => refreshAfterChange(queryClient, templateId),
  });
}
