// The auth module's surface for other modules (the only file they may import: eslint zones): the
// account look-up other modules need (a link's owner), as Account (never the row).
export { findAccount, findAccountByEmail, type Account } from './auth.access.ts';
