import { toast, type ToastOptions } from 'react-toastify';

/** Toasts in the sign-in area stay 5 s; elsewhere 3 s (spec §9). */
const AUTH_AREA: ToastOptions = { autoClose: 5000 };

export const authToast = {
  success: (message: string) => toast.success(message, AUTH_AREA),
  error: (message: string) => toast.error(message, AUTH_AREA),
  info: (message: string) => toast.info(message, AUTH_AREA),
  /** One "logged out" toast even when two paths end the session at once. */
  loggedOut: () => toast.info('You have been logged out.', { ...AUTH_AREA, toastId: 'logged-out' }),
};

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast.info(message),
};
