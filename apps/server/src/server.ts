import { buildApp } from './app.ts';
import { ConfigError, jobQueueKind, loadConfig } from './config.ts';
import { installProcessGuards } from './lib/process-guards.ts';
import { listenWhenFree, PortInUseError } from './lib/listen-when-free.ts';
import { CONFIG_ERROR_EXIT_CODE, stopWithSupervisor } from './supervisor.ts';

/** Entry point: read the environment, migrate, listen, and close cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await buildApp(config);
  installProcessGuards(app.log);
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) {
      return;
    }
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  stopWithSupervisor(() => void shutdown('supervisor gone'));
  const database = config.databaseUrl ? 'postgres' : 'sqlite';
  if (config.role === 'worker') {
    // A worker takes queued tasks and serves nothing: no port to open or balance.
    await app.ready();
    app.log.info(`Formbridge worker is ready (${database}, queue ${jobQueueKind(config)})`);
    return;
  }
  await listenWhenFree(app, { port: config.port, host: config.host });
  app.log.info(
    `Formbridge is ready on ${config.publicUrl} (${database}, queue ${jobQueueKind(config)}, role ${config.role ?? 'all'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  // Neither a bad setting nor a port another program holds is mended by restarting.
  const isConfigError = error instanceof ConfigError || error instanceof PortInUseError;
  process.exit(isConfigError ? CONFIG_ERROR_EXIT_CODE : 1);
});
