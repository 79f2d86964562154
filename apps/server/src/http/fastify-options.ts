import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { AppConfig } from '../config/app-config.ts';
import { fastifyTrustProxy, isTrustedProxyPeer } from '../config/proxy.ts';
import { unreadableUrl } from './error-handler.ts';
import type { LoadBounds } from './load-shedding.ts';
import { serializeError, serializeRequest } from './log-redaction.ts';

/** Where the log lines go (tests read them); stdout when not given. */
export interface LogStream {
  write(line: string): void;
}

/** The Fastify instance's own options: its logger, request ids, whom it believes, body and time limits. */
export function fastifyOptions(
  config: AppConfig,
  logStream: LogStream | undefined,
): FastifyHttpOptions<Server> {
  return {
    logger:
      config.logLevel === 'silent' && !logStream
        ? false
        : {
            level: config.logLevel === 'silent' ? 'info' : config.logLevel,
            redact: ['req.headers.authtoken', 'req.headers.sessiontoken', 'req.headers.authorization'],
            // no full mobile numbers, query parameters or addresses in the logs (docs/security.md)
            serializers: {
              err: (err) => serializeError(err),
              req: (req) => serializeRequest(req),
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    // SPEC §7: the client's request id (pwa-… / pwa-anon-…) names the request in the logs
    requestIdHeader: 'request_id',
    genReqId: () => randomUUID(),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; nobody by default)
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // a URL the router cannot read (a bad %-escape, a path parameter past 100 characters) is a SPEC §8 400/414
    frameworkErrors: (error, _req, reply) => unreadableUrl(error, reply),
  };
}

/** When the process sheds load (readiness): connections, work in flight, event-loop delay, heap. */
export function loadBounds(config: AppConfig): LoadBounds {
  return {
    maxConnections: config.maxConnections,
    maxConnectionsPerPeer: config.maxConnectionsPerPeer,
    maxInFlight: config.maxInFlight,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    isProxyPeer: isTrustedProxyPeer(config.trustProxy),
  };
}
