// A test-only pause for the kill -9 tests (test/crash-safety.test.ts): with
// FORMBRIDGE_TEST_CRASH_POINT=<name> the server stops for good at that point of a write — after
// the file is stored, before the row's transaction commits — and says so on stderr, so the test
// kills it at exactly the worst moment instead of guessing with timers. Unset, it does nothing.

const chosen = process.env.FORMBRIDGE_TEST_CRASH_POINT;

export type CrashPoint =
  'template-stored' | 'record-file-stored' | 'completed-form-stored' | 'import-inserted';

export async function crashPoint(name: CrashPoint): Promise<void> {
  if (chosen !== name) {
    return;
  }
  console.error(`crash point reached: ${name}`);
  await new Promise(() => {
    // Never settles: the test ends the process with SIGKILL.
  });
}
