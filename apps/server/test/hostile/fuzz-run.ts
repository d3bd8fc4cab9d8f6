// Runs mutants against a server process and counts what a user would notice: deaths, 5xx,
// slow answers and health stalls. Shared by the fuzz test and `npm run fuzz`.
import { loadSeedForms, makeMutant } from './mutate.ts';
import { startHealthProbe, type ServerProcess } from './server-process.ts';

export type FuzzStats = {
  mutants: number;
  byStatus: Record<string, number>;
  serverErrors: string[];
  over30s: string[];
  slowestMs: number;
  deaths: number;
  health: Awaited<ReturnType<ReturnType<typeof startHealthProbe>['stop']>>;
  peakRssBytes: number;
};

/**
 * Uploads mutants `from`..`from+count-1` of `seed`, `concurrency` at a time. When the server
 * dies, `restart` gives a new one (counted as a death) so a long run can go on.
 */
export async function runFuzz(options: {
  server: ServerProcess;
  seed: number;
  count: number;
  concurrency?: number;
  restart?: () => Promise<ServerProcess>;
  onProgress?: (done: number) => void;
}): Promise<FuzzStats> {
  const forms = loadSeedForms();
  let server = options.server;
  let probe = startHealthProbe(server.baseUrl);
  const stats: FuzzStats = {
    mutants: 0,
    byStatus: {},
    serverErrors: [],
    over30s: [],
    slowestMs: 0,
    deaths: 0,
    health: { count: 0, failures: 0, maxMs: 0, p99Ms: 0, over1s: 0 },
    peakRssBytes: 0,
  };
  const healthRuns: FuzzStats['health'][] = [];
  let next = 0;
  const work = async () => {
    while (next < options.count) {
      const mutant = makeMutant(forms, options.seed, next++);
      let status: string;
      try {
        const result = await server.upload(mutant.bytes);
        status = String(result.status);
        stats.slowestMs = Math.max(stats.slowestMs, result.ms);
        if (result.ms > 30_000) {
          stats.over30s.push(mutant.label);
        }
        if (result.status >= 500) {
          stats.serverErrors.push(
            `${mutant.label}: ${result.status} ${JSON.stringify(result.body)}`,
          );
        }
      } catch (error) {
        status = 'no answer';
        stats.serverErrors.push(`${mutant.label}: ${(error as Error).message}`);
      }
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
      stats.mutants++;
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        stats.deaths++;
        if (!options.restart) {
          break;
        }
        healthRuns.push(await probe.stop());
        server = await options.restart();
        probe = startHealthProbe(server.baseUrl);
      }
      options.onProgress?.(stats.mutants);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, work));
  healthRuns.push(await probe.stop());
  stats.health = {
    count: healthRuns.reduce((sum, run) => sum + run.count, 0),
    failures: healthRuns.reduce((sum, run) => sum + run.failures, 0),
    maxMs: Math.max(...healthRuns.map((run) => run.maxMs)),
    p99Ms: Math.max(...healthRuns.map((run) => run.p99Ms)),
    over1s: healthRuns.reduce((sum, run) => sum + run.over1s, 0),
  };
  if (server.child.exitCode === null) {
    stats.peakRssBytes = Math.max(stats.peakRssBytes, server.memory().peak);
  }
  return stats;
}
