import { transformWithOxc, type Plugin } from 'vite';

/** sw/push.ts, as a file path (the web app's files do not import node's own modules). */
const SOURCE = decodeURIComponent(new URL('../sw/push.ts', import.meta.url).pathname);

/**
 * Builds the service worker's push handlers (sw/push.ts) into /push-sw.js, which the generated service worker
 * imports (vite.config.ts `workbox.importScripts`). Its own file, not a chunk of the app: a service worker
 * imports classic scripts, and the pages never load it. Vite's own TypeScript transform compiles it.
 */
export function pushWorker(): Plugin {
  return {
    name: 'crust-push-worker',
    apply: 'build',
    async generateBundle() {
      const source = await this.fs.readFile(SOURCE, { encoding: 'utf8' });
      const { code } = await transformWithOxc(source, SOURCE, { lang: 'ts' });
      this.emitFile({ type: 'asset', fileName: 'push-sw.js', source: code });
    },
  };
}
