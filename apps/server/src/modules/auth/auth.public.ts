// The auth module's surface for other modules: the account look-up other modules need (a link's
// owner).
// Everything else in its repo stays private to the module (eslint no-restricted-paths).
export { findUserByEmail, findUserById } from './auth.repo.ts';
