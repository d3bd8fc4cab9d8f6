/**
 * `npm run create-user -- <email>`: creates an account from the shell, also when
 * ALLOW_SIGNUP=false (the first account of a closed server; later ones come by invitation).
 * The password is read from NEW_USER_PASSWORD or, when that is unset, from the first line of
 * stdin, so it never appears in the process list. Reads the same environment as the server.
 */
import fs from 'node:fs';
import readline from 'node:readline/promises';
import { signupBodySchema } from '@formbridge/contract/auth';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { AppError } from '../apps/server/src/lib/errors.ts';
import { registerUser } from '../apps/server/src/modules/auth/auth.service.ts';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.NEW_USER_PASSWORD;
  if (fromEnv !== undefined) {
    return fromEnv;
  }
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) {
    process.stderr.write('Password (at least 8 characters): ');
  }
  for await (const line of input) {
    input.close();
    return line;
  }
  return '';
}

const parsed = signupBodySchema.safeParse({
  email: process.argv[2] ?? '',
  password: await readPassword(),
});
if (!parsed.success) {
  console.error(`create-user: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  process.exit(2);
}
const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
const database = await openDatabase(config);
try {
  await migrateToLatest(database.db, config.databaseUrl ? config.databaseSchema : undefined);
  const user = await registerUser(database.db, {
    email: parsed.data.email,
    password: parsed.data.password,
  });
  console.log(`Created ${user.email} (${user.id})`);
} catch (error) {
  if (error instanceof AppError && typeof error.detail === 'string') {
    console.error(`create-user: ${error.detail}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
