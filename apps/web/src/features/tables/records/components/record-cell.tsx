import type { Field } from '@formbridge/contract/tables';
import { Link } from 'react-router';
import { getCellContent, type LinkedTableData } from '../utils/cell-display';

type Props = { field: Field; value: unknown; linked: LinkedTableData | undefined };

const DASH = <span className="text-slate-500">—</span>;

/** One field's cell in the records table (spec §4 Cell display). */
export function RecordCell({ field, value, linked }: Props) {
  const content = getCellContent(field, value, linked);
  switch (content.kind) {
    case 'empty':
      return DASH;
    case 'text':
      return <span title={content.text}>{content.text}</span>;
    case 'files':
      if (content.files.length === 0) {
        return <span className="text-slate-500">No file</span>;
      }
      return (
        <span className="flex gap-2">
          {content.files.map((file) => (
            <a
              key={file.id}
              href={file.file_path}
              target="_blank"
              rel="noopener noreferrer"
              title={file.filename}
              className="truncate text-indigo-600 hover:text-indigo-500"
            >
              {file.filename}
            </a>
          ))}
        </span>
      );
    case 'link':
      return content.to ? (
        <Link
          to={content.to}
          title={content.text}
          className="text-indigo-600 hover:text-indigo-500"
        >
          {content.text}
        </Link>
      ) : (
        <span title={content.text}>{content.text}</span>
      );
  }
}

/** A combination rule's value, a read-only text column. */
export function CombinationCell({ value }: { value: string | undefined }) {
  return value ? <span title={value}>{value}</span> : DASH;
}
