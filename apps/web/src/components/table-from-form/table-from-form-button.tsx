import { useState } from 'react';
import { Button } from '../ui/button';
import { TableFromFormDialog } from './table-from-form-dialog';

type Props = {
  templateId: string;
  /** "Add missing columns" to this table; without it, "Create a table from this form". */
  table?: { id: string; name: string };
  /** The table made or extended. */
  onDone: (tableId: string) => void;
  variant?: 'primary' | 'secondary';
};

/**
 * "Create a table from this form" (template page, mapping screen without a table) or "Add
 * missing columns" (mapping screen with a table), and the dialog it opens.
 */
export function TableFromFormButton({ templateId, table, onDone, variant = 'secondary' }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setIsOpen(true)}>
        {table ? 'Add missing columns' : 'Create a table from this form'}
      </Button>
      {isOpen ? (
        <TableFromFormDialog
          templateId={templateId}
          table={table}
          onClose={() => setIsOpen(false)}
          onDone={(tableId) => {
            setIsOpen(false);
            onDone(tableId);
          }}
        />
      ) : null}
    </>
  );
}
