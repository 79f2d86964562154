// The JavaScript a first visit to /, /menu and /cart loads before the screen can show: the entry chunk, the
// route's lazy chunk and everything they import statically, as the server sends them — brotli (quality 11,
// the build's precompressed .br, what every browser we serve asks for) — and gzip (level 9) for reference.
//   node bench/bundle-size.mjs [dist]          prints the figures (dist defaults to apps/web/dist)
//   node bench/bundle-size.mjs --check         also fails (exit 1) when a route's brotli bytes exceed the budget
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** issue 32 §1: 90 KB on the wire, from 100 (issue 13 §1), so the coming features have room */
export const BUDGET_BYTES = 90 * 1000;
const defaultDist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

const ROUTES = {
  '/': 'src/features/landing/LandingScreen.tsx',
  '/menu': 'src/features/menu/MenuScreen.tsx',
  '/cart': 'src/features/cart/CartScreen.tsx',
};

function closure(manifest, keys) {
  const seen = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return [...seen].filter((f) => f.endsWith('.js'));
}

const gz = (body) => gzipSync(body, { level: 9 }).length;
const br = (body) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length;

export function measure(dist = defaultDist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const out = {};
  for (const [route, screen] of Object.entries(ROUTES)) {
    const bodies = closure(manifest, ['index.html', screen]).map((f) => readFileSync(path.join(dist, f)));
    out[route] = {
      files: bodies.length,
      brBytes: bodies.reduce((n, b) => n + br(b), 0),
      gzipBytes: bodies.reduce((n, b) => n + gz(b), 0),
    };
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const dist = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const figures = measure(dist);
  let over = false;
  for (const [route, { files, brBytes, gzipBytes }] of Object.entries(figures)) {
    const ok = brBytes <= BUDGET_BYTES;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(6)} initial JS ${(brBytes / 1000).toFixed(1)} KB brotli (${(gzipBytes / 1000).toFixed(1)} KB gzip) in ${files} files (budget ${BUDGET_BYTES / 1000} KB brotli)`,
    );
  }
  if (check && over) {
    console.error('initial JavaScript is over budget');
    process.exit(1);
  }
}
