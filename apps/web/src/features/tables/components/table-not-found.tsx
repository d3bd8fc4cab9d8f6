import { Link } from 'react-router';

export function TableNotFound() {
  return (
    <div className="rounded-lg bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-xl font-semibold text-slate-900">Table not found</h1>
      <p className="mt-2 text-sm text-slate-500">
        The requested table could not be found. It may have been deleted.
      </p>
      <Link
        to="/tables"
        className="mt-4 inline-block font-medium text-indigo-600 hover:text-indigo-500"
      >
        Back to Tables
      </Link>
    </div>
  );
}
