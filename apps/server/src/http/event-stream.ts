import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { leaveInFlight } from './load-shedding.ts';

/** Comments keep proxies and phones from dropping a quiet stream. */
const PING_MS = 15_000;

export interface EventStream {
  /** Writes one event; writes are queued in order and dropped once the stream is closed. */
  send(event: string, data: unknown): void;
  end(): void;
  readonly closed: boolean;
}

/**
 * Server-sent events on hijacked replies. Made once per route module while the app is being built; the app
 * closes every open stream when it shuts down, so a watching browser never holds a closing server open (it
 * reconnects, to another process if need be).
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<EventStream>();
  app.addHook('onClose', async () => {
    for (const s of [...open]) s.end();
  });
  return {
    count: () => open.size,
    open(req: FastifyRequest, reply: FastifyReply, onClose: () => void): EventStream {
      reply.hijack();
      // an open stream is bounded by connections, not by the requests-in-flight count it would hold for hours
      leaveInFlight(req.raw);
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // a reconnecting EventSource waits this long; short, because the tracker should not look frozen
      res.write('retry: 3000\n\n');
      let closed = false;
      const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
      ping.unref();
      const stream: EventStream = {
        send(event, data) {
          if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end() {
          if (closed) return;
          closed = true;
          clearInterval(ping);
          open.delete(stream);
          onClose();
          res.end();
        },
        get closed() {
          return closed;
        },
      };
      open.add(stream);
      req.raw.on('close', () => stream.end());
      return stream;
    },
  };
}
