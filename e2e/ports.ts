/** Ports of the e2e run: the main app, a second one with sign-up closed, and its SMTP sink. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8765);
/** The closed server (ALLOW_SIGNUP=false) whose mail goes to the journey's own SMTP server. */
export const CLOSED_PORT = E2E_PORT + 1;
export const CLOSED_SMTP_PORT = E2E_PORT + 2;
/** Its one account, created from the shell (`npm run create-user`) before it starts. */
export const CLOSED_ADMIN = { email: 'admin@closed.example', password: 'correct horse battery' };
