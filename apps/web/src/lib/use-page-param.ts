import { useSearchParams } from 'react-router';

/** The zero-based page of `?page=` (1-based in the address), 0 when absent or not a page. */
function readPageIndex(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/**
 * A paged list's page in the address (`?page=2`), so a reload or a shared link keeps it; page 1
 * leaves the address bare. Other search parameters are kept.
 */
export function usePageParam(): [number, (pageIndex: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const goToPage = (index: number) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (index > 0) {
        next.set('page', String(index + 1));
      } else {
        next.delete('page');
      }
      return next;
    });
  return [readPageIndex(searchParams.get('page')), goToPage];
}
