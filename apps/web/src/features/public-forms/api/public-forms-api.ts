import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PublicDataForm,
  PublicDataSubmitBody,
  PublicFormPayload,
  PublicFormSubmitResponse,
  PublicMessageResponse,
} from '@formbridge/contract/public-links';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function usePublicForm(token: string) {
  return useQuery({
    queryKey: queryKeys.publicForm(token),
    queryFn: () =>
      apiRequest<PublicFormPayload>(`/api/v1/public-forms/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useSubmitPublicForm(token: string) {
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      apiRequest<PublicFormSubmitResponse>(
        `/api/v1/public-forms/${encodeURIComponent(token)}/submit`,
        {
          method: 'POST',
          json: values,
        },
      ),
  });
}

export function usePublicDataForm(token: string) {
  return useQuery({
    queryKey: queryKeys.publicDataForm(token),
    queryFn: () =>
      apiRequest<PublicDataForm>(`/api/v1/public-data-forms/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useSubmitPublicDataForm(token: string) {
  return useMutation({
    mutationFn: (body: PublicDataSubmitBody) =>
      apiRequest<PublicMessageResponse>(
        `/api/v1/public-data-forms/${encodeURIComponent(token)}/submit`,
        {
          method: 'POST',
          json: body,
        },
      ),
  });
}

export function removePublicDataFile(token: string, fileId: string): Promise<null> {
  return apiRequest<null>(
    `/api/v1/public-data-forms/${encodeURIComponent(token)}/files/${fileId}`,
    {
      method: 'DELETE',
    },
  );
}

export function publicDataUploadUrl(token: string): string {
  return `/api/v1/public-data-forms/${encodeURIComponent(token)}/upload`;
}

/** Server 422 entries `{loc: ['body', fieldId...], msg}` as messages by field id. */
export function fieldErrorsFromBody(body: unknown): Record<string, string> {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) {
    return {};
  }
  const errors: Record<string, string> = {};
  for (const entry of detail as Array<{ loc?: unknown[]; msg?: string }>) {
    const loc = (entry.loc ?? []).filter(
      (part) => part !== 'body' && part !== 'form_data' && part !== 'files',
    );
    const field = loc[0];
    if (typeof field === 'string' && entry.msg && !errors[field]) {
      errors[field] = entry.msg;
    }
  }
  return errors;
}
