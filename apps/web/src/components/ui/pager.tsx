import { Button } from './button';

type Props = {
  /** Zero-based. */
  pageIndex: number;
  pageSize: number;
  total: number;
  onChange: (pageIndex: number) => void;
  /** What is counted, plural ('forms'). */
  noun: string;
  isBusy?: boolean;
};

/** "Showing 25–48 of 130 forms" with Previous / Next; nothing when everything fits on one page. */
export function Pager({ pageIndex, pageSize, total, onChange, noun, isBusy = false }: Props) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) {
    return null;
  }
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {first.toLocaleString()}–{last.toLocaleString()} of {total.toLocaleString()} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => onChange(pageIndex - 1)}
          disabled={isBusy || pageIndex === 0}
        >
          Previous
        </Button>
        <span className="text-sm text-slate-600">
          Page {pageIndex + 1} of {pageCount}
        </span>
        <Button
          variant="secondary"
          onClick={() => onChange(pageIndex + 1)}
          disabled={isBusy || pageIndex >= pageCount - 1}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
