import type { RecordHistoryEntry } from '@formbridge/contract/record-history';
import type { Field } from '@formbridge/contract/tables';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { formatDateTime, formatRelativeTime } from '../../../../lib/format';
import { canRestoreEntry, describeAction, SOURCE_LABELS } from '../utils/history-labels';

type Props = {
  entry: RecordHistoryEntry;
  fields: readonly Field[];
  /** Absent for a Viewer: no restore buttons. */
  onRestore?: ((fields?: string[]) => void) | undefined;
  isRestoring: boolean;
};

const EMPTY = <span className="text-slate-500 italic">empty</span>;

function Value({ text }: { text: string | null }) {
  return text === null ? EMPTY : <span className="break-words">{text}</span>;
}

/** One change of a record: who, from where, when, and each field's before → after. */
export function RecordHistoryEntryItem({ entry, fields, onRestore, isRestoring }: Props) {
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmId = useId();
  const confirmRef = useRef<HTMLDivElement>(null);
  const restoreAllRef = useRef<HTMLDivElement>(null);
  const label = (name: string) => fields.find((field) => field.name === name)?.label || name;

  useEffect(() => {
    if (isConfirming) {
      confirmRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }
  }, [isConfirming]);
  const cancel = () => {
    setIsConfirming(false);
    // Back to the button that opened the question (rendered again on the next frame).
    requestAnimationFrame(() => restoreAllRef.current?.querySelector('button')?.focus());
  };
  const restorable = entry.changes.filter((change) => change.restorable);
  const isRestorable = canRestoreEntry(entry);

  return (
    <li
      className="rounded-md border border-slate-200 p-3"
      aria-label={`${describeAction(entry.action)} ${formatDateTime(entry.at)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-900">
          <span className="font-medium">{describeAction(entry.action)}</span> by{' '}
          <span className="font-medium">{entry.actor.name}</span>{' '}
          <span className="text-slate-500">via {SOURCE_LABELS[entry.source]}</span>
        </p>
        <time
          dateTime={entry.at}
          title={formatDateTime(entry.at)}
          className="text-xs text-slate-500"
        >
          {formatRelativeTime(entry.at)} · {formatDateTime(entry.at)}
        </time>
      </div>
      {entry.changes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No field values changed.</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {entry.changes.map((change) => (
            <li key={change.field} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-medium text-slate-700">{label(change.field)}:</span>
              <Value text={change.before} />
              <span aria-label="changed to" className="text-slate-400">
                →
              </span>
              <Value text={change.after} />
              {onRestore && change.restorable && isRestorable ? (
                <button
                  type="button"
                  className="ml-auto rounded px-1.5 py-0.5 text-xs font-medium text-indigo-600 hover:bg-indigo-50 disabled:opacity-50"
                  aria-label={`Restore this value of ${label(change.field)}`}
                  disabled={isRestoring}
                  onClick={() => onRestore([change.field])}
                >
                  Restore this value
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {onRestore && isRestorable ? (
        isConfirming ? (
          <div
            ref={confirmRef}
            role="alertdialog"
            aria-labelledby={confirmId}
            className="mt-3 rounded-md bg-amber-50 p-3"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                cancel();
              }
            }}
          >
            <p id={confirmId} className="text-sm text-amber-900">
              {restorable.length === 1
                ? 'Restore this version? One field goes back to what it was before this change.'
                : `Restore this version? ${restorable.length} fields go back to what they were before this change.`}{' '}
              This is saved as a new edit.
            </p>
            <div className="mt-2 flex gap-2">
              <Button variant="secondary" onClick={cancel} disabled={isRestoring}>
                Cancel
              </Button>
              <Button
                disabled={isRestoring}
                onClick={() => {
                  onRestore(restorable.map((change) => change.field));
                  setIsConfirming(false);
                }}
              >
                {isRestoring ? 'Restoring...' : 'Restore'}
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-3" ref={restoreAllRef}>
            <Button
              variant="secondary"
              disabled={isRestoring}
              onClick={() => setIsConfirming(true)}
            >
              Restore this version
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}
