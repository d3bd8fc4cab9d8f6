import type { Field } from '@formbridge/contract/tables';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import type { LinkedTable } from '../hooks/use-linked-tables';
import type { RecordChoice, RecordConflict } from '../hooks/use-record-update';
import { getCellContent } from '../utils/cell-display';

type Props = {
  conflict: RecordConflict;
  linkedTables: ReadonlyMap<string, LinkedTable>;
  isSaving: boolean;
  onResolve: (choices: ReadonlyMap<string, RecordChoice>) => void;
  onBack: () => void;
};

function describe(field: Field, value: unknown, linkedTables: Props['linkedTables']): string {
  const linked = field.linked_table_id ? linkedTables.get(field.linked_table_id) : undefined;
  const content = getCellContent(field, value, linked?.data);
  if (content.kind === 'text' || content.kind === 'link') {
    return content.text;
  }
  return '(empty)';
}

/**
 * Shown in the record dialog when someone else saved the record while it was being edited and
 * both changed some fields: per field, keep mine or take theirs (mine by default). Changes to
 * other fields, theirs and mine, are kept without asking.
 */
export function RecordConflictChoices(props: Props) {
  const { conflict, linkedTables, isSaving, onResolve, onBack } = props;
  const [choices, setChoices] = useState<ReadonlyMap<string, RecordChoice>>(
    () => new Map(conflict.fields.map((field) => [field.name, 'mine'])),
  );
  const choose = (name: string, choice: RecordChoice) =>
    setChoices((previous) => new Map(previous).set(name, choice));
  const count = conflict.fields.length;
  // The form it replaces had focus: move it to the first choice.
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  return (
    <div ref={panelRef} className="space-y-4">
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Someone else saved this record while you were editing it.{' '}
        {count === 1 ? 'One field was' : `${count} fields were`} changed by both of you: choose
        which value to keep. Your other changes and theirs are kept.
      </p>
      {conflict.fields.map((field) => {
        const mine = describe(field, conflict.changed[field.name], linkedTables);
        const theirs = describe(field, conflict.current.data[field.name], linkedTables);
        return (
          <fieldset key={field.name} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-900">{field.label}</legend>
            {(['mine', 'theirs'] as const).map((choice) => (
              <label key={choice} className="flex items-start gap-2 py-1 text-sm text-slate-700">
                <input
                  type="radio"
                  name={`conflict-${field.name}`}
                  className="mt-0.5"
                  checked={choices.get(field.name) === choice}
                  onChange={() => choose(field.name, choice)}
                />
                <span>
                  <span className="font-medium">
                    {choice === 'mine' ? 'Keep mine' : 'Take theirs'}
                  </span>
                  : <span className="break-all">{choice === 'mine' ? mine : theirs}</span>
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onBack} disabled={isSaving}>
          Back to form
        </Button>
        <Button onClick={() => onResolve(choices)} disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save Choices'}
        </Button>
      </div>
    </div>
  );
}
