import type { ReactNode } from 'react';

export function EmptyState({
  title,
  message,
  action,
}: {
  title: string;
  message?: string;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-lg border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {message ? <p className="mt-1 text-sm text-slate-500">{message}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
