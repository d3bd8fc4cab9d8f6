import { z } from 'zod';

/** Minimum password length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Messages shared by the sign-in and register forms (spec §5), word for word. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMustMatch: 'Passwords must match',
} as const;

/** An e-mail address as every form and body takes it (trimmed, at most 254 characters). */
export const emailField = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

/** A new password as every form and body takes it (8–1024 characters). */
export const passwordField = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  // argon2 hashes any length, but an unbounded body field is a cheap denial of service.
  .max(1024, 'Password must be at most 1024 characters');

/** Body of POST /api/v1/auth/signup; `invite_token` comes from an invitation link. */
export const signupBodySchema = z.object({
  email: emailField,
  password: passwordField,
  invite_token: z.string().min(1).max(128).optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** The sign-in form; the API receives it form-encoded as `username` + `password`. */
export const loginFormSchema = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Body of POST /api/v1/auth/login (OAuth2 password style, form-encoded). */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1, AUTH_MESSAGES.emailRequired).max(254),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});

export const registerFormSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: z.string(),
  /** The instance admin (the first account, or one made with `create-user --admin`). */
  is_admin: z.boolean(),
  /** May send invitations (always true for an admin). */
  can_invite: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Fixed server messages the client and tests compare against. */
export const AUTH_ERRORS = {
  badCredentials: 'Incorrect email or password',
  emailTaken: 'Email already registered',
  notAuthenticated: 'Not authenticated',
  invalidToken: 'Could not validate credentials',
  signupClosed: 'Sign-up is closed on this server; ask an administrator for an invitation',
  accountDisabled: 'This account is disabled; ask an administrator to enable it',
  adminOnly: 'Only an administrator of this server can do this',
  wrongCurrentPassword: 'Current password is incorrect',
  resetInvalid: 'This password reset link is invalid, has expired or has already been used.',
} as const;

/** `GET /api/v1/auth/settings`: what the sign-in screens may offer (public). */
export const authSettingsSchema = z.object({ allow_signup: z.boolean() });
export type AuthSettings = z.infer<typeof authSettingsSchema>;

/** How long a "forgot password" link works. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;

/** Body of POST /api/v1/auth/password-reset: always 202, whether the address has an account. */
export const passwordResetBodySchema = z.object({ email: emailField });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** Body of POST /api/v1/auth/password-reset/confirm: the token from the link, a new password. */
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(1).max(128),
  password: passwordField,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** Answer of a confirmed reset: the account's address, for the sign-in form. */
export const passwordResetConfirmResponseSchema = z.object({ email: z.string() });
export type PasswordResetConfirmResponse = z.infer<typeof passwordResetConfirmResponseSchema>;

/** Body of POST /api/v1/auth/change-password. */
export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
  new_password: passwordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change-password form: the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired),
    newPassword: passwordField,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The reset-password form a link opens. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The page a reset e-mail opens: `{origin}/reset-password?token={token}`. */
export function buildPasswordResetUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}
