import type { ReactNode } from 'react';

/**
 * The frame of the pages outsiders open from a link: product name, no navigation. Embedded in
 * another site, only the title and the form: the site around it is the frame.
 */
export function PublicPageFrame({
  title,
  children,
  isEmbedded = false,
}: {
  title: string;
  children: ReactNode;
  isEmbedded?: boolean;
}) {
  if (isEmbedded) {
    return (
      <main className="bg-white p-3">
        <h1 className="mb-3 text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
          {title}
        </h1>
        {children}
      </main>
    );
  }
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <h1 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {title}
          </h1>
          <span className="shrink-0 text-xs text-slate-500">Formbridge</span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
    </div>
  );
}

export function PublicNotice({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-lg rounded-lg bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
