import type { TableResponse } from '@formbridge/contract/tables';
import { formatDateTime } from '../../../../lib/format';

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 font-medium break-words text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** 'Table Schema': name, created date-time, field count, record count. */
export function TableSchemaSummary({ table }: { table: TableResponse }) {
  return (
    <section
      aria-labelledby="table-schema-heading"
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="table-schema-heading" className="font-semibold text-slate-900">
        Table Schema
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Item label="Name" value={table.name} />
        <Item label="Created" value={formatDateTime(table.created_at)} />
        <Item label="Fields" value={String(table.field_count)} testId="field-count" />
        <Item label="Records" value={String(table.record_count)} testId="record-count" />
      </dl>
    </section>
  );
}
