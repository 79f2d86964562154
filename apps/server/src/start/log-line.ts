/**
 * A log line in pino's JSON shape, for the parts of the start-up that run before (or, in the primary of many
 * processes, without) a Fastify logger, so every line of a run reads the same way.
 */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

export function logLine(level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg });
  if (level === 'info') console.log(line);
  else console.error(line);
}
