import { useEffect, useRef } from 'react';
import type { LosingField } from '../utils/schema-form';

/** The server's reasons, one per line (a type change lists the records whose values fail). */
export function SchemaIssueList({ title, messages }: { title: string; messages: string[] }) {
  if (messages.length === 0) {
    return null;
  }
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

function describeCount(count: number): string {
  if (count === 0) {
    return 'no records have a value';
  }
  return count === 1 ? '1 record has a value' : `${count} records have a value`;
}

/** Asks before a save deletes field values: which fields, and how many records lose a value. */
export function SchemaRemovalConfirmation({ losing }: { losing: LosingField[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="space-y-3" role="alertdialog" aria-labelledby="schema-removal-heading">
      <h3
        id="schema-removal-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus:outline-none"
      >
        Delete field values?
      </h3>
      <p className="text-sm text-slate-600">
        These fields and their values will be deleted:{' '}
        {losing.map((field) => field.name).join(', ')}
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-600">
        {losing.map((field) => (
          <li key={field.name}>
            <span className="font-medium text-slate-800">{field.name}</span>:{' '}
            {describeCount(field.recordsWithValues)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        Field mappings that use these fields are removed too. This cannot be undone.
      </p>
    </div>
  );
}
