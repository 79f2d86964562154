import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` every `intervalMs` while the app is up, in this process (every process may: what a pass writes is
 * conditional or unique). A pass still running is not joined by a second one; the next tick after it goes on. The
 * app's close waits for a pass under way, so the database is not closed beneath it.
 */
export function repeatingPass(
  app: FastifyInstance,
  intervalMs: number,
  name: string,
  pass: () => Promise<unknown>,
): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = pass()
        .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
        .finally(() => (running = null));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
