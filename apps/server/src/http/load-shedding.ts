import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure, {
  type FastifyUnderPressureOptions as UnderPressureOptions,
} from '@fastify/under-pressure';
import { failed } from './errors.ts';

/**
 * Bounds on what one client and the whole process take (docs/security.md "Connections and load"). Past a bound
 * the server answers 503 with Retry-After at once instead of queueing the work without end:
 * - connections: per socket peer (the TCP address, never a header) and in total; a connection over either is
 *   answered 503 and closed. Past twice the total, Node closes new connections unanswered (file descriptors).
 * - requests in flight: handlers running at once; live event streams leave the count once open (they are
 *   bounded by connections) and the health checks never count.
 * - event-loop delay and heap in use (@fastify/under-pressure): past them the process is saturated.
 * /healthz (liveness) is always answered; /readyz answers 503 while the process sheds load, so a balancer
 * sends new clients elsewhere until it recovers.
 */
export interface LoadBounds {
  maxConnections: number;
  /** 0: no cap per peer */
  maxConnectionsPerPeer: number;
  maxInFlight: number;
  /** 0: not watched */
  maxEventLoopDelayMs: number;
  /** 0: not watched */
  maxHeapUsedBytes: number;
  /** socket peers that are proxies carrying many clients: exempt from the per-peer cap */
  isProxyPeer: (addr: string) => boolean;
  /** how often the event loop and heap are sampled (ms) */
  sampleIntervalMs?: number;
}

export const SHED_TEXTS = {
  busy: 'We are very busy right now. Please try again in a moment.',
} as const;

/** Retry-After (s) of a shed request: a connection or request slot frees within moments, pressure takes longer */
const RETRY_AFTER_SLOTS_SEC = 2;
const RETRY_AFTER_PRESSURE_SEC = 10;
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

const releases = new WeakMap<IncomingMessage, () => void>();

/** A request that turned into a long-lived stream stops counting as work in flight. */
export function leaveInFlight(raw: IncomingMessage): void {
  releases.get(raw)?.();
}

export interface LoadState {
  connections(): number;
  inFlight(): number;
  /** whether the process sheds load now (readiness) */
  shedding(): boolean;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function shed(reply: FastifyReply, code: string, retryAfterSec: number, close: boolean): FastifyReply {
  if (close) reply.header('connection', 'close');
  return reply
    .status(503)
    .header('retry-after', String(retryAfterSec))
    .header('cache-control', 'no-store')
    .send(failed(code, SHED_TEXTS.busy));
}

export async function installLoadShedding(app: FastifyInstance, bounds: LoadBounds): Promise<LoadState> {
  let open = 0;
  let inFlight = 0;
  const perPeer = new Map<string, number>();
  const overLimit = new WeakSet<Socket>();

  app.server.maxConnections = bounds.maxConnections * 2;
  app.server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    const mine = (perPeer.get(peer) ?? 0) + 1;
    perPeer.set(peer, mine);
    open += 1;
    const peerFull =
      bounds.maxConnectionsPerPeer > 0 && mine > bounds.maxConnectionsPerPeer && !bounds.isProxyPeer(peer);
    if (open > bounds.maxConnections || peerFull) overLimit.add(socket);
    socket.once('close', () => {
      open -= 1;
      const left = (perPeer.get(peer) ?? 1) - 1;
      if (left === 0) perPeer.delete(peer);
      else perPeer.set(peer, left);
    });
  });

  // first of all hooks: a shed request costs no session lookup, no body parsing, no database
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const tooMany = overLimit.has(req.raw.socket);
    if (HEALTH_PATHS.has(pathOf(req.url))) {
      // a probe is answered whatever the load, on a connection that then closes if it was one too many
      if (tooMany) reply.header('connection', 'close');
      done();
      return;
    }
    if (tooMany) {
      shed(reply, 'TOO_MANY_CONNECTIONS', RETRY_AFTER_SLOTS_SEC, true);
      return;
    }
    if (inFlight >= bounds.maxInFlight) {
      shed(reply, 'SERVER_BUSY', RETRY_AFTER_SLOTS_SEC, false);
      return;
    }
    inFlight += 1;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      releases.delete(req.raw);
    };
    releases.set(req.raw, release);
    // whichever comes first: the answer is sent, or the client went away
    reply.raw.once('close', release);
    done();
  });
  app.addHook('onResponse', (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    leaveInFlight(req.raw);
    done();
  });

  // the plugin sends what its handler answers (nothing: the request goes on); its types only say void
  const pressureHandler = (req: FastifyRequest, reply: FastifyReply) => {
    // liveness stays up (restarting a busy process helps nobody); readiness says it is busy itself
    if (HEALTH_PATHS.has(pathOf(req.url))) return undefined;
    reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_PRESSURE_SEC))
      .header('cache-control', 'no-store');
    return failed('SERVER_BUSY', SHED_TEXTS.busy);
  };
  await app.register(underPressure, {
    maxEventLoopDelay: bounds.maxEventLoopDelayMs,
    maxHeapUsedBytes: bounds.maxHeapUsedBytes,
    sampleInterval: bounds.sampleIntervalMs ?? 1000,
    retryAfter: RETRY_AFTER_PRESSURE_SEC,
    pressureHandler: pressureHandler as unknown as NonNullable<UnderPressureOptions['pressureHandler']>,
  });

  const underPressureNow = () =>
    (app as FastifyInstance & { isUnderPressure?: () => boolean }).isUnderPressure?.() ?? false;
  return {
    connections: () => open,
    inFlight: () => inFlight,
    shedding: () => underPressureNow() || inFlight >= bounds.maxInFlight,
  };
}
