import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTableFromTemplateResponse,
  TableProposal,
  TableProposalInput,
} from '@formbridge/contract/table-proposal';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The proposal is computed afresh on each opening: mappings may have changed since. */
export function useTableProposal(templateId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<TableProposal>(`/api/v1/pdf-templates/${templateId}/table-proposal`, {
        method: 'POST',
      }),
  });
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
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tables.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate(templateId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  });
}
