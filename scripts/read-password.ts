import readline from 'node:readline/promises';

/**
 * A new password for a shell script: NEW_USER_PASSWORD when set, else the first line of stdin,
 * so it never appears in the process list.
 */
export async function readNewPassword(): Promise<string> {
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
