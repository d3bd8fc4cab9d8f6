import { describeIssue, errorBodySchema } from '@formbridge/contract/errors';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';

type Props = {
  error: unknown;
  /** The editor keys of the fields sent, in the order sent: a message's index points here. */
  savedKeys: string[];
  onShow: (key: string) => void;
};

/** Why Save failed: each of the server's field messages with a button to the field it is about. */
export function FieldEditorSaveErrors({ error, savedKeys, onShow }: Props) {
  const parsed = error instanceof ApiError ? errorBodySchema.safeParse(error.body) : null;
  const issues = parsed?.success && Array.isArray(parsed.data.detail) ? parsed.data.detail : null;
  if (!issues) {
    return <ErrorBanner message={describeError(error, 'Failed to save the fields')} />;
  }
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm">
      <p className="font-medium text-red-800">The fields could not be saved:</p>
      <ul className="mt-1 space-y-1 text-red-700">
        {issues.map((issue, index) => {
          const at = issue.loc[2];
          const key = typeof at === 'number' ? savedKeys[at] : undefined;
          return (
            <li key={index} className="flex items-start justify-between gap-2">
              {/* The layout checks name their field; schema messages get their place in words. */}
              <span>
                {/^(Field|Two fields)\b/.test(issue.msg) ? issue.msg : describeIssue(issue)}
              </span>
              {key ? (
                <button
                  type="button"
                  className="shrink-0 font-medium text-red-800 underline"
                  onClick={() => onShow(key)}
                >
                  Show
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
