import type { Plugin } from 'vite';
import { paths } from '../src/config/paths.ts';

/**
 * The screens a visit can start on from outside the app (a bookmark, a shared link, a notification), with the
 * module each one lazily loads. Other screens are reached from inside, after the entry has loaded.
 */
export const FIRST_SCREENS: Record<string, string> = {
  [paths.home.pattern]: 'src/features/landing/LandingScreen.tsx',
  [paths.landing.pattern]: 'src/features/landing/LandingScreen.tsx',
  [paths.menu.pattern]: 'src/features/menu/MenuScreen.tsx',
  [paths.menu.categoryPattern]: 'src/features/menu/MenuScreen.tsx',
  [paths.customise.pattern]: 'src/features/customise/CustomiseScreen.tsx',
  [paths.cart.pattern]: 'src/features/cart/CartScreen.tsx',
  [paths.trackOrder.pattern]: 'src/features/tracking/TrackOrderScreen.tsx',
};

/** The routes of every screen not in FIRST_SCREENS, a chunk the entry loads lazily (issue 32 §1). */
export const LATER_SCREENS = 'src/app/LaterScreens.tsx';

/** A route pattern as a regular expression over the path, the way the router matches it. */
export const patternSource = (pattern: string): string =>
  pattern === '/'
    ? '^/$'
    : `^${pattern
        .split('/')
        .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`;

/**
 * Issue 13 §1: the entry chunk imports the first screen's chunk only once it has downloaded and run, one round
 * trip and a script evaluation after the HTML on a slow phone. A few bytes of inline script in index.html
 * start that screen's chunks and styles with the entry instead. (The server allows the script by its hash.)
 */
export function firstScreenPreload(): Plugin {
  let root = '';
  return {
    name: 'crust:first-screen-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) walk(dep, into);
        };
        if (entry) walk(entry.fileName, inEntry);
        const filesOf = (module: string): string[] => {
          const id = `${root.replace(/\/$/, '')}/${module}`;
          const screen = chunks.find((c) => c.facadeModuleId === id);
          if (!screen) throw new Error(`first-screen-preload: no chunk for ${module}`);
          const files = new Set<string>();
          walk(screen.fileName, files);
          const js = [...files].filter((f) => !inEntry.has(f));
          const css = js.flatMap((f) => {
            const c = bundle[f];
            return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
          });
          return [...js.map((f) => `/${f}`), ...css.map((f) => `/${f}`)];
        };
        const table: [string, string[]][] = Object.entries(FIRST_SCREENS).map(([pattern, module]) => [
          patternSource(pattern),
          filesOf(module),
        ]);
        // any other path: the later screens' routes (app/LaterScreens.tsx), which the entry needs before it can
        // ask for the screen's own chunk; the empty pattern matches every path, so it goes last
        table.push(['', filesOf(LATER_SCREENS)]);
        const script = `(function(t,p){for(var i=0;i<t.length;i++)if(new RegExp(t[i][0],'i').test(p)){t[i][1].forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.href=h;document.head.appendChild(l)});return}})(${JSON.stringify(table)},location.pathname)`;
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}
