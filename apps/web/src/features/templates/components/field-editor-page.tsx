import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { RoleRequired } from '../../../components/role-required';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { useFieldCandidates } from '../api/template-fields-api';
import { useTemplate } from '../api/templates-api';
import { fieldDataToEditorFields } from '../utils/field-editor-state';
import { FieldEditor } from './field-editor';

/** /templates/:id/fields: the template's fields and the finder's proposals, to review and save. */
export function FieldEditorPage() {
  return (
    <RoleRequired needed="editor">
      <FieldEditorScreen />
    </RoleRequired>
  );
}

function FieldEditorScreen() {
  const { id = '' } = useParams();
  const template = useTemplate(id);
  const candidates = useFieldCandidates(id);
  const existing = useMemo(
    () => fieldDataToEditorFields(template.data?.field_data ?? {}),
    [template.data],
  );

  if (template.isPending || candidates.isPending) {
    return <Spinner label="Finding fields on the pages..." />;
  }
  if (!template.data || !candidates.data) {
    const failed = template.error ?? candidates.error;
    return (
      <LoadFailed
        what="the fields of this template"
        reason={describeError(failed, 'Failed to find the fields of this template')}
        onRetry={() => void (template.error ? template.refetch() : candidates.refetch())}
        isRetrying={template.isFetching || candidates.isFetching}
      />
    );
  }
  const data = template.data;
  return (
    <div className="space-y-4">
      <div>
        <Link
          to={`/templates/${data.id}`}
          className="text-sm text-indigo-600 hover:text-indigo-500"
        >
          ← {data.name}
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Edit fields</h1>
        <p className="mt-1 text-sm text-slate-500">
          {candidates.data.candidates.length > 0
            ? `${candidates.data.candidates.length} fields were found on the pages: accept the right ones, fix or draw the others.`
            : 'No new fields were found on the pages: draw them by hand.'}
          {existing.skipped > 0
            ? ` ${existing.skipped} push buttons of the PDF are not kept when you save.`
            : ''}
        </p>
      </div>
      <FieldEditor
        template={data}
        existing={existing.fields}
        candidates={candidates.data.candidates}
        scannedPages={candidates.data.pages_without_content}
      />
    </div>
  );
}
