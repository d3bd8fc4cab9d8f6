import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CompletedForm,
  CompletedFormDetail,
  CompletedFormWithEmail,
} from '@formbridge/contract/completed-forms';
import type { FieldMapping } from '@formbridge/contract/mappings';
import type { PublicFormLink, PublicFormLinkCreated } from '@formbridge/contract/public-links';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { createIdempotentSender } from '../../../lib/idempotency-keys';
import { queryKeys } from '../../../lib/query-keys';

export const formQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.completedForms.detail(id),
    queryFn: () => apiRequest<CompletedFormDetail>(`/api/v1/completed-forms/${id}`),
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 1,
  });

/** Forms per page of the Forms page. */
export const FORMS_PAGE_SIZE = 24;

export type CompletedFormsPage = { forms: CompletedForm[]; total: number };

/**
 * One page of the user's completed forms, newest first, with how many there are in all
 * (X-Total-Count): the page never downloads every form (5.8 MB at 5,000 forms).
 */
export function useCompletedFormsPage(pageIndex: number) {
  return useQuery({
    queryKey: queryKeys.completedForms.page(FORMS_PAGE_SIZE, pageIndex),
    queryFn: async (): Promise<CompletedFormsPage> => {
      const query = `limit=${FORMS_PAGE_SIZE}&offset=${pageIndex * FORMS_PAGE_SIZE}`;
      const { body, headers } = await apiRequestWithHeaders<unknown>(
        `/api/v1/completed-forms/?${query}`,
      );
      const forms = Array.isArray(body) ? (body as CompletedForm[]) : [];
      return { forms, total: Number(headers.get('x-total-count') ?? forms.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCompletedForm(id: string) {
  return useQuery(formQuery(id));
}

// The generate dialog offers what exists now (another tab may have added a template or a
// record), so its lists refetch whenever it opens; cached data still shows at once.
const FRESH = { refetchOnMount: 'always' } as const;

export function useFormTemplates() {
  return useQuery({
    queryKey: queryKeys.templates.all,
    queryFn: () => apiRequest<TemplateSummary[]>('/api/v1/pdf-templates/'),
    ...FRESH,
  });
}

export function useFormTables() {
  return useQuery({
    queryKey: queryKeys.tables.all,
    queryFn: async () => {
      const body = await apiRequest<unknown>('/api/v1/dynamic-tables/');
      return Array.isArray(body) ? (body as TableResponse[]) : [];
    },
    ...FRESH,
  });
}

export function useTemplateMappingsFor(templateId: string) {
  return useQuery({
    queryKey: queryKeys.mappings.forTemplate(templateId),
    queryFn: () => apiRequest<FieldMapping[]>(`/api/v1/field-mappings/template/${templateId}`),
    enabled: templateId !== '',
    ...FRESH,
  });
}

export function useTableRecords(tableId: string) {
  return useQuery({
    queryKey: queryKeys.tables.records(tableId),
    queryFn: async () => {
      const body = await apiRequest<unknown>(`/api/v1/dynamic-tables/${tableId}/records`);
      return Array.isArray(body) ? (body as RecordResponse[]) : [];
    },
    enabled: tableId !== '',
    ...FRESH,
  });
}

function useInvalidateForms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.completedForms.all });
}

export type GenerateInput = {
  templateId: string;
  tableId: string;
  recordId: string;
  recipients: string[];
  /** An earlier template revision (issue 32); absent: the current one. */
  templateRevision?: number;
};

// Retries of a request that got no answer send its Idempotency-Key again (lib/idempotency-keys).
const generateSender = createIdempotentSender();
const emailSender = createIdempotentSender();

export function useGenerateForm() {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: ({
      templateId,
      tableId,
      recordId,
      recipients,
      templateRevision,
    }: GenerateInput) => {
      const query = new URLSearchParams({ send_email: String(recipients.length > 0) });
      if (templateRevision !== undefined) {
        query.set('template_revision', String(templateRevision));
      }
      for (const recipient of recipients) {
        query.append('email_recipients', recipient);
      }
      const path = `/api/v1/completed-forms/${templateId}/${tableId}/${recordId}?${query.toString()}`;
      return generateSender.send(path, (headers) =>
        apiRequest<CompletedFormWithEmail>(path, { method: 'POST', headers }),
      );
    },
    onSuccess: invalidate,
  });
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/completed-forms/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.completedForms.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.completedForms.list });
    },
  });
}

export function useEmailForm() {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: ({ id, recipients }: { id: string; recipients: string[] }) =>
      emailSender.send([id, recipients], (headers) =>
        apiRequest<CompletedFormWithEmail>(`/api/v1/completed-forms/${id}/email`, {
          method: 'POST',
          json: { recipients },
          headers,
        }),
      ),
    onSuccess: invalidate,
  });
}

/** Creates (or reuses) the public link of a completed form's template and record. */
export function useCreatePublicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.publicFormLinks.all }),
    mutationFn: ({ templateId, recordId }: { templateId: string; recordId: string }) =>
      apiRequest<PublicFormLinkCreated>(
        `/api/v1/completed-forms/public-link/${templateId}/${recordId}`,
        { method: 'POST' },
      ),
  });
}

/** Splits the dialogs' comma-separated recipients: trimmed, empties dropped (spec §5). */
export function splitRecipients(input: string): string[] {
  return input
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The live public links of a completed form's template and record (the owner can revoke them). */
export function usePublicFormLinks(templateId: string, recordId: string) {
  return useQuery({
    queryKey: queryKeys.publicFormLinks.forRecord(templateId, recordId),
    queryFn: () =>
      apiRequest<PublicFormLink[]>(
        `/api/v1/public-form-links?template_id=${encodeURIComponent(templateId)}&record_id=${encodeURIComponent(recordId)}`,
      ),
  });
}

export function useRevokePublicFormLink(templateId: string, recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/v1/public-form-links/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.publicFormLinks.forRecord(templateId, recordId),
      }),
  });
}
