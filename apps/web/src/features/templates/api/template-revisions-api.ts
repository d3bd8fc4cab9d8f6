import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MakeCurrentResponse,
  RevisionUploadResponse,
  TemplateRevisionList,
} from '@formbridge/contract/template-revisions';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

// Template revisions (issue 32): the list, a new revision's upload and making one current.

export const templateRevisionsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.templates.revisions(id),
    queryFn: () => apiRequest<TemplateRevisionList>(`/api/v1/pdf-templates/${id}/revisions`),
  });

export function useTemplateRevisions(id: string) {
  return useQuery(templateRevisionsQuery(id));
}

/** A new revision changes the template (fields, file), its revisions and its mappings. */
function useRefreshTemplate(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate(id) }),
    ]);
}

/** POST /pdf-templates/{id}/revisions with upload progress. */
export function useUploadRevision(id: string) {
  const refresh = useRefreshTemplate(id);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('pdf_file', file);
      return uploadWithProgress<RevisionUploadResponse>(
        `/api/v1/pdf-templates/${id}/revisions`,
        form,
        onProgress,
      );
    },
    onSuccess: refresh,
  });
}

/** POST /pdf-templates/{id}/revisions/{n}/make-current. */
export function useMakeRevisionCurrent(id: string) {
  const refresh = useRefreshTemplate(id);
  return useMutation({
    mutationFn: (revision: number) =>
      apiRequest<MakeCurrentResponse>(
        `/api/v1/pdf-templates/${id}/revisions/${revision}/make-current`,
        { method: 'POST' },
      ),
    onSuccess: refresh,
  });
}
