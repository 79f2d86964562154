import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenPreload } from './vite/first-screen-preload.ts';
import { pushWorker } from './vite/push-worker.ts';
import { firstScreenChunks } from './vite/first-screen-chunks.ts';

const apiPort = process.env.PORT ?? '3000';
const firstScreens = firstScreenChunks(
  'src/main.tsx',
  {
    landing: 'src/features/landing/LandingScreen.tsx',
    menu: 'src/features/menu/MenuScreen.tsx',
    cart: 'src/features/cart/CartScreen.tsx',
    customise: 'src/features/customise/CustomiseScreen.tsx',
  },
  {
    track: 'src/features/tracking/TrackScreen.tsx',
  },
);

export default defineConfig({
  plugins: [
    react(),
    firstScreenPreload(),
    // the service worker's order notifications (issue 31 §14), imported by the generated one below
    pushWorker(),
    firstScreens.plugin,
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false, // main.tsx registers /sw.js after load so it never competes with first paint
      filename: 'sw.js',
      includeAssets: ['icons/icon.svg', 'menu-img/placeholder.svg'],
      manifest: {
        name: 'Crust Pizza',
        short_name: 'Crust',
        description:
          'Order pizza for delivery, takeaway, dine-in or Drive-n-Pick from your nearest Crust store.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f6f5f2',
        theme_color: '#0b6e4f',
        lang: 'en-IN',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // shows order notifications and opens the tracker when one is tapped (sw/push.ts)
        importScripts: ['/push-sw.js'],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // customers' phones need not download the store console (staff load it when they open /store)
        globIgnores: ['menu-img/**', 'assets/StoreConsoleScreen-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//, /^\/healthz/, /^\/readyz/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // the last store's menu and toppings: network first, the cached copy when offline
            urlPattern: ({ url }) => /^\/api\/v1\/stores\/[^/]+\/(menu|toppings)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'crust-menu',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 8, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/menu-img/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'crust-menu-img',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      // the API paths and the SPEC's messages are one export each (packages/contract/src/api-paths.ts,
      // packages/domain/src/message-texts.ts): inlined where read, a path or text only a later screen reads no
      // longer sits in the entry chunk that holds their module (issue 32 §1)
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        codeSplitting: {
          // Left alone, Rolldown splits what the entry imports statically into six chunks (React, TanStack Query,
          // the API client…) that every visit loads anyway: each file is compressed on its own and pays its
          // import/export glue. One chunk is 3.8 KB brotli less on every first screen (issue 32).
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            {
              name: firstScreens.chunkOf,
              debugName: 'first-screens',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/sandbox': `http://127.0.0.1:${apiPort}` },
  },
});
