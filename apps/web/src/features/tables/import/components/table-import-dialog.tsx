import type { ImportPreview } from '@formbridge/contract/imports';
import type { TableResponse } from '@formbridge/contract/tables';
import { DEFAULT_IMPORT_FORMAT, type ImportFormat } from '@formbridge/contract/import-formats';
import { MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ErrorBanner } from '../../../../components/ui/error-banner';
import { Modal } from '../../../../components/ui/modal';
import { notify } from '../../../../lib/toast';
import { useImportRecords, usePreviewImport, type ColumnMapping } from '../api/import-export-api';
import { describeServerError } from '../../utils/api-errors';
import { readImportProblems, type ImportProblems } from '../utils/import-problems';
import { ImportFormatFields } from './import-format-fields';
import { ImportPreviewTable } from './import-preview-table';
import { ImportRowErrors } from './import-row-errors';

type Props = { table: TableResponse; onClose: () => void };

const NO_PROBLEMS: ImportProblems = { rows: [], columns: {}, general: [] };

/** 'Import records': pick a CSV or .xlsx file, check the preview and the column mapping, import all or nothing. */
export function TableImportDialog({ table, onClose }: Props) {
  const preview = usePreviewImport(table.id);
  const importRecords = useImportRecords(table.id);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [format, setFormat] = useState<ImportFormat>(DEFAULT_IMPORT_FORMAT);
  const [problems, setProblems] = useState<ImportProblems>(NO_PROBLEMS);

  const onPick = async (picked: File | undefined) => {
    if (!picked) {
      return;
    }
    setFile(picked);
    setResult(null);
    setProblems(NO_PROBLEMS);
    try {
      const previewed = await preview.mutateAsync(picked);
      setResult(previewed);
      setFormat(previewed.detected_format);
      setMapping(
        Object.fromEntries(
          previewed.columns.map((column) => [column, previewed.suggested_mapping[column] ?? null]),
        ),
      );
    } catch (error) {
      setProblems({
        ...NO_PROBLEMS,
        general: [describeServerError(error) ?? 'Failed to read the file'],
      });
    }
  };

  const onImport = async () => {
    if (!file) {
      return;
    }
    setProblems(NO_PROBLEMS);
    try {
      const done = await importRecords.mutateAsync({ file, mapping, format });
      notify.success(
        `Imported ${done.imported} ${done.imported === 1 ? 'record' : 'records'} successfully`,
      );
      onClose();
    } catch (error) {
      setProblems(readImportProblems(error));
    }
  };

  const isBusy = preview.isPending || importRecords.isPending;
  return (
    <Modal
      title="Import records"
      size="xl"
      onClose={onClose}
      isBusy={importRecords.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={importRecords.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void onImport()} disabled={!result || isBusy}>
            {importRecords.isPending ? 'Importing...' : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
            CSV or Excel (.xlsx) file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={isBusy}
            onChange={(event) => void onPick(event.target.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:font-medium file:text-indigo-700"
          />
          <p className="mt-1 text-xs text-slate-500">
            Comma, semicolon or tab separated, with a header row; up to {MAX_UPLOAD_LABEL}. Every
            row is imported, or none if one has a problem.
          </p>
        </div>
        {problems.general.map((message, index) => (
          <ErrorBanner key={index} message={message} />
        ))}
        {preview.isPending ? <p className="text-sm text-slate-500">Reading the file...</p> : null}
        {result ? (
          <>
            <p className="text-sm text-slate-600" data-testid="import-row-count">
              {result.row_count} {result.row_count === 1 ? 'row' : 'rows'} found. Choose the field
              each column goes to.
            </p>
            <ImportFormatFields format={format} onChange={setFormat} isDisabled={isBusy} />
            <ImportPreviewTable
              preview={result}
              format={format}
              fields={table.fields}
              mapping={mapping}
              columnErrors={problems.columns}
              onChange={(column, field) => setMapping({ ...mapping, [column]: field })}
            />
          </>
        ) : null}
        <ImportRowErrors problems={problems.rows} />
      </div>
    </Modal>
  );
}
