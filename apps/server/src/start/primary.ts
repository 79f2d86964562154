import cluster, { type Worker } from 'node:cluster';
import { logLine } from './log-line.ts';
import { nextRestart } from './restart-delay.ts';

/** How long workers get to finish their requests and streams after SIGTERM before they are killed. */
const STOP_GRACE_MS = 30_000;

/** Environment a worker is forked with, over the primary's own. */
export const WORKER_ENV = {
  /** the first worker of a start tells what the start-up looks like; the others and restarts stay quiet */
  startNotes: 'CRUST_START_NOTES',
} as const;

interface Slot {
  worker: Worker | null;
  startedAt: number;
  crashes: number;
  restart: NodeJS.Timeout | null;
}

/**
 * The primary of many server processes (node:cluster; the port is shared, connections dealt round-robin). The
 * database was prepared before this is called. A worker that dies is started again after a back-off; one that
 * dies before every worker first listened means the start itself is wrong (the port is taken, the database
 * refuses), so everything stops. SIGTERM/SIGINT stop every worker gracefully, then the primary.
 */
export function runWorkers(count: number): void {
  const slots: Slot[] = Array.from({ length: count }, () => ({
    worker: null,
    startedAt: 0,
    crashes: 0,
    restart: null,
  }));
  let allListened = false;
  let stopping = false;

  const fork = (slot: Slot, tell: boolean) => {
    slot.restart = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_ENV.startNotes]: tell ? '1' : '0' });
    slot.worker = worker;
    worker.once('exit', (code, signal) => {
      slot.worker = null;
      if (stopping) return finishIfAllStopped();
      if (!allListened) {
        logLine('error', 'a server process died while starting: stopping', {
          worker: worker.process.pid,
          code,
          signal,
        });
        return stop('start failed', 1);
      }
      const lived = Date.now() - slot.startedAt;
      const next = nextRestart(slot.crashes, lived);
      slot.crashes = next.crashes;
      logLine('warn', 'a server process died: starting another', {
        worker: worker.process.pid,
        code,
        signal,
        livedMs: lived,
        restartInMs: next.delayMs,
      });
      slot.restart = setTimeout(() => fork(slot, false), next.delayMs);
    });
  };

  let listened = 0;
  cluster.on('listening', () => {
    if (allListened || ++listened < count) return;
    allListened = true;
    logLine('info', 'server processes are serving', { workers: count });
  });

  let exitCode = 0;
  let forceTimer: NodeJS.Timeout | null = null;
  const finishIfAllStopped = () => {
    if (slots.some((s) => s.worker)) return;
    if (forceTimer) clearTimeout(forceTimer);
    process.exit(exitCode);
  };
  const stop = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logLine('info', 'stopping server processes', { why });
    for (const slot of slots) {
      if (slot.restart) clearTimeout(slot.restart);
      // each worker closes its app and database itself (src/start/serve.ts)
      slot.worker?.process.kill('SIGTERM');
    }
    forceTimer = setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    forceTimer.unref();
    finishIfAllStopped();
  };
  process.once('SIGINT', () => stop('SIGINT', 0));
  process.once('SIGTERM', () => stop('SIGTERM', 0));

  slots.forEach((slot, i) => fork(slot, i === 0));
}
