import { useQueries, useQuery } from '@tanstack/react-query';
import type { BulkGenerationBody, MultiTemplateBody } from '@formbridge/contract/completed-forms';
import type { JobAccepted, JobResponse } from '@formbridge/contract/jobs';
import type { FieldMapping } from '@formbridge/contract/mappings';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { apiRequest } from '../../../../lib/api-client';
import { createIdempotentSender } from '../../../../lib/idempotency-keys';
import { queryKeys } from '../../../../lib/query-keys';

/** The templates with at least one mapping into this table (spec §7: templates, then mappings). */
export function useTemplatesMappedTo(tableId: string) {
  const templates = useQuery({
    queryKey: queryKeys.templates.all,
    queryFn: () => apiRequest<TemplateSummary[]>('/api/v1/pdf-templates/'),
  });
  const mappings = useQueries({
    queries: (templates.data ?? []).map((template) => ({
      queryKey: queryKeys.mappings.forTemplate(template.id),
      queryFn: () => apiRequest<FieldMapping[]>(`/api/v1/field-mappings/template/${template.id}`),
    })),
  });
  const mapped = (templates.data ?? []).filter((template, index) =>
    (mappings[index]?.data ?? []).some((mapping) => mapping.mapped_table_id === tableId),
  );
  return {
    templates: mapped,
    isLoading: templates.isPending || mappings.some((query) => query.isPending),
  };
}

const multiTemplateSender = createIdempotentSender();
const bulkSender = createIdempotentSender();

export function startMultiTemplateJob(tableId: string, recordId: string, body: MultiTemplateBody) {
  const path = `/api/v1/completed-forms/multi-template/${tableId}/${recordId}`;
  return multiTemplateSender.send([path, body], (headers) =>
    apiRequest<JobAccepted>(path, { method: 'POST', json: body, headers }),
  );
}

export function startBulkJob(templateId: string, tableId: string, body: BulkGenerationBody) {
  const path = `/api/v1/completed-forms/bulk/${templateId}/${tableId}`;
  return bulkSender.send([path, body], (headers) =>
    apiRequest<JobAccepted>(path, { method: 'POST', json: body, headers }),
  );
}

export function getJob(id: string) {
  return apiRequest<JobResponse>(`/api/v1/jobs/${id}`);
}
