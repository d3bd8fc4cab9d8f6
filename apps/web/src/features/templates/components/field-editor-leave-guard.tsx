import { useCallback, useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type Props = {
  isDirty: boolean;
  /** Set once the fields are saved, so the way to the template page is not stopped. */
  isSavedRef: RefObject<boolean>;
};

/** Asks before leaving the editor with changes not saved: a link, Back, or closing the tab. */
export function FieldEditorLeaveGuard({ isDirty, isSavedRef }: Props) {
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        isDirty && !isSavedRef.current && currentLocation.pathname !== nextLocation.pathname,
      [isDirty, isSavedRef],
    ),
  );
  useEffect(() => {
    if (!isDirty) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  if (blocker.state !== 'blocked') {
    return null;
  }
  return (
    <ConfirmDialog
      title="Leave without saving?"
      message="Your changes to the fields are not saved. They are lost if you leave."
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
