import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { ChangePasswordFormCard } from './change-password-form';

/** /account: the signed-in user's password and sessions. */
export function AccountPage() {
  const { user, logoutEverywhere } = useAuth();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const signOutEverywhere = async () => {
    setIsBusy(true);
    const result = await logoutEverywhere();
    setIsBusy(false);
    setIsConfirming(false);
    if (!result.ok) {
      notify.error(result.message);
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Account</h1>
        <p className="text-sm text-slate-500">{user?.email ?? 'Signed in'}</p>
      </div>
      <ChangePasswordFormCard />
      <section
        aria-label="Sessions"
        className="max-w-md space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 className="text-lg font-semibold text-slate-900">Sessions</h2>
        <p className="text-sm text-slate-600">
          Signed in on a computer you no longer use, or lost a device? Signing out everywhere ends
          every session of this account at once, this one included.
        </p>
        <Button type="button" variant="secondary" onClick={() => setIsConfirming(true)}>
          Sign out everywhere
        </Button>
      </section>
      {isConfirming ? (
        <ConfirmDialog
          title="Sign out everywhere"
          message="Every browser and device signed in to this account will have to sign in again."
          confirmLabel="Sign out everywhere"
          isBusy={isBusy}
          onConfirm={() => void signOutEverywhere()}
          onCancel={() => setIsConfirming(false)}
        />
      ) : null}
    </div>
  );
}
