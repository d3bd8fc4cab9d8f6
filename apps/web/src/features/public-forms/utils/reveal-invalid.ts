import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/toast';

/**
 * After a refused submit: says why in a toast and brings the first invalid input into view with
 * focus, so a field far above the Submit button (or off a phone's screen) is never a silent no.
 * Runs after React has marked the inputs (aria-invalid).
 */
export function revealInvalidFields(
  form: HTMLFormElement | null,
  errors: Readonly<Record<string, string>>,
  labelOf: (fieldId: string) => string,
  { withToast = true }: { withToast?: boolean } = {},
): void {
  const entries = Object.entries(errors);
  const [first] = entries;
  if (!first) {
    return;
  }
  if (withToast) {
    notify.error(
      entries.length === 1
        ? `Please check "${labelOf(first[0])}": ${first[1]}`
        : `Please check the ${formatCount(entries.length, 'field')} marked in red.`,
    );
  }
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) {
      return;
    }
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
  });
}
