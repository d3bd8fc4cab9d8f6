/**
 * `npm run reset-password -- <email>`: sets a new password for an account from the shell (the
 * admin who forgot theirs, or a server without mail) and signs the account out everywhere. The
 * password is read like create-user's: NEW_USER_PASSWORD, else the first line of stdin.
 */
import { passwordField } from '@formbridge/contract/auth';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { findAccountByEmail } from '../apps/server/src/modules/auth/auth.public.ts';
import { setPassword } from '../apps/server/src/modules/auth/auth.service.ts';
import { readNewPassword } from './read-password.ts';
import { runScript, ScriptError } from './run-script.ts';

await runScript('reset-password', async () => {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) {
    throw new ScriptError('usage: npm run reset-password -- <email>', 2);
  }
  const password = passwordField.safeParse(await readNewPassword());
  if (!password.success) {
    throw new ScriptError(password.error.issues.map((issue) => issue.message).join('; '), 2);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, config.databaseUrl ? config.databaseSchema : undefined);
    const user = await findAccountByEmail(database.db, email);
    if (!user) {
      throw new ScriptError(`no account with the e-mail address ${email}`);
    }
    await setPassword(database.db, user.id, password.data);
    console.log(`New password set for ${user.email}; every session of it is signed out.`);
  } finally {
    await database.close();
  }
});
