/**
 * How every shell script ends: its own errors and the app's (an AppError's detail, a bad
 * environment, a database that cannot be reached) as one line on stderr and a non-zero exit,
 * never a stack trace. FORMBRIDGE_DEBUG=1 prints the stack as well.
 */
import { AppError } from '../apps/server/src/lib/errors.ts';

/** An error a script reports as it is, with its exit code (2 for bad usage). */
export class ScriptError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function describe(error: unknown): string {
  if (error instanceof AppError) {
    return typeof error.detail === 'string'
      ? error.detail
      : error.detail.map((issue) => issue.msg).join('; ');
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A system error's message already names the path or address; the code helps a search.
    return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

/** Runs `main`, turning anything it throws into `<name>: <one line>` and an exit code. */
export async function runScript(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    // A configuration error lists its settings on indented lines: joined into one.
    const line = describe(error).replace(/\s*\n\s*/g, ' ');
    console.error(`${name}: ${line}`);
    if (process.env.FORMBRIDGE_DEBUG === '1' && error instanceof Error) {
      console.error(error.stack);
    }
    process.exitCode = error instanceof ScriptError ? error.exitCode : 1;
  }
}
