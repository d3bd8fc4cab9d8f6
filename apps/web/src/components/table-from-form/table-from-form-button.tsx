import type { CreateTableFromTemplateResponse } from '@formbridge/contract/table-proposal';
import { useState } from 'react';
import { Button } from '../ui/button';
import { TableFromFormDialog } from './table-from-form-dialog';

type Props = {
  templateId: string;
  onCreated: (result: CreateTableFromTemplateResponse) => void;
  variant?: 'primary' | 'secondary';
};

/** "Create a table from this form" and its dialog, on the template page and the mapping screen. */
export function TableFromFormButton({ templateId, onCreated, variant = 'secondary' }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setIsOpen(true)}>
        Create a table from this form
      </Button>
      {isOpen ? (
        <TableFromFormDialog
          templateId={templateId}
          onClose={() => setIsOpen(false)}
          onCreated={(result) => {
            setIsOpen(false);
            onCreated(result);
          }}
        />
      ) : null}
    </>
  );
}
