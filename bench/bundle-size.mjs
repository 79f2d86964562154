// The JavaScript a first visit to /, /menu and /cart loads before the screen can show: the entry chunk, the
// route's lazy chunk and everything they import statically, gzipped (level 9, as the server sends).
//   node bench/bundle-size.mjs          prints the figures
//   node bench/bundle-size.mjs --check  also fails (exit 1) when a route exceeds the budget
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120 * 1000;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const ROUTES = {
  '/': 'src/features/landing/LandingScreen.tsx',
  '/menu': 'src/features/menu/MenuScreen.tsx',
  '/cart': 'src/features/cart/CartScreen.tsx',
};

function closure(keys) {
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

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

export function measure() {
  const out = {};
  for (const [route, screen] of Object.entries(ROUTES)) {
    const filesOf = closure(['index.html', screen]);
    out[route] = { files: filesOf.length, gzipBytes: filesOf.reduce((n, f) => n + gz(f), 0) };
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const figures = measure();
  let over = false;
  for (const [route, { files, gzipBytes }] of Object.entries(figures)) {
    const ok = gzipBytes <= BUDGET_BYTES;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(6)} initial JS ${(gzipBytes / 1000).toFixed(1)} KB gzipped in ${files} files (budget ${BUDGET_BYTES / 1000} KB)`,
    );
  }
  if (check && over) {
    console.error('initial JavaScript is over budget');
    process.exit(1);
  }
}
