/**
 * `npm run create-user -- [--admin] <email>`: creates an account from the shell, also when
 * ALLOW_SIGNUP=false (the first account of a closed server; later ones come by invitation). The
 * first account of a server is its admin; `--admin` makes another one. The password is read from
 * NEW_USER_PASSWORD or, when that is unset, from the first line of stdin, so it never appears in
 * the process list. Reads the same environment as the server.
 */
import fs from 'node:fs';
import { signupBodySchema } from '@formbridge/contract/auth';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { registerUser } from '../apps/server/src/modules/auth/auth.service.ts';
import { readNewPassword } from './read-password.ts';
import { runScript, ScriptError } from './run-script.ts';

await runScript('create-user', async () => {
  const args = process.argv.slice(2);
  const isAdmin = args.includes('--admin');
  const positional = args.filter((arg) => arg !== '--admin');
  if (positional.length !== 1 || positional[0]?.startsWith('-')) {
    throw new ScriptError('usage: npm run create-user -- [--admin] <email>', 2);
  }
  const parsed = signupBodySchema.safeParse({
    email: positional[0],
    password: await readNewPassword(),
  });
  if (!parsed.success) {
    throw new ScriptError(parsed.error.issues.map((issue) => issue.message).join('; '), 2);
  }
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, config.databaseUrl ? config.databaseSchema : undefined);
    const user = await registerUser(
      database.db,
      { email: parsed.data.email, password: parsed.data.password },
      { isAdmin },
    );
    const role = user.is_admin ? ', instance admin' : '';
    console.log(`Created ${user.email} (${user.id}${role})`);
  } finally {
    await database.close();
  }
});
