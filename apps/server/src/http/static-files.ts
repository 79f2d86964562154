import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failed } from './errors.ts';

/** The web build's app shell (its index.html), or null when there is no web build (the API alone). */
export function readAppShell(webDistDir: string): string | null {
  const indexHtml = path.join(webDistDir, 'index.html');
  return fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : null;
}

/** The web build's files, registered after every route so that no file shadows one. */
export async function serveWebBuild(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    preCompressed: true,
    wildcard: true,
    // '/' is the app shell; other folders have no index.html and stay 404s
    index: 'index.html',
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(webDistDir, filePath);
      // hashed build output never changes; everything else must be revalidated so updates reach users
      const immutable = rel.startsWith(`assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** What no route or file answers: the app shell for a client-side route (with a web build), else a 404. */
export function installNotFound(app: FastifyInstance, hasWeb: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/sandbox/');
    if (!isApi && hasWeb && req.method === 'GET' && !path.extname(req.url.split('?')[0] ?? '')) {
      // client-side routes (/menu/veg-pizza, /mapScreen, …) get the app shell; the app shows its own 404
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(failed('NOT_FOUND', `No such path: ${req.method} ${req.url.split('?')[0]}`));
  });
}
