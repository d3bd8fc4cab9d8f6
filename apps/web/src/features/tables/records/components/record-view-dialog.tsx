import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { readValue } from '@formbridge/contract/records-values';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import type { LinkedTable } from '../hooks/use-linked-tables';
import { RecordCell } from './record-cell';
import { RecordHistoryPanel } from './record-history-panel';
import { RecordTabs, type RecordTab } from './record-tabs';

type Props = {
  table: TableResponse;
  record: RecordResponse;
  linkedTables: ReadonlyMap<string, LinkedTable>;
  onClose: () => void;
};

/** A Viewer's record: its values and its history, read-only (no inputs, no Save, no restore). */
export function RecordViewDialog({ table, record, linkedTables, onClose }: Props) {
  const [tab, setTab] = useState<RecordTab>('details');
  const details = (
    <dl className="divide-y divide-slate-100">
      {table.fields.map((field) => (
        <div key={field.name} className="grid grid-cols-3 gap-3 py-2 text-sm">
          <dt className="font-medium text-slate-700">{field.label || field.name}</dt>
          <dd className="col-span-2 min-w-0 text-slate-900">
            <RecordCell
              field={field}
              value={readValue(record.data, field.name)}
              linked={
                field.linked_table_id ? linkedTables.get(field.linked_table_id)?.data : undefined
              }
            />
          </dd>
        </div>
      ))}
    </dl>
  );
  return (
    <Modal
      title="View Record"
      size="lg"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <RecordTabs
        value={tab}
        onChange={setTab}
        panels={{ details, history: <RecordHistoryPanel table={table} record={record} /> }}
      />
    </Modal>
  );
}
