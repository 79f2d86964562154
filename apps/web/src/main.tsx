import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './shared/router/index.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppLayout } from './app/AppLayout.tsx';
import { ensureGuestSession } from './shared/api/session.ts';
import { prefetchMenu } from './shared/menu/api.ts';
import './shared/ui/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // the API client already retries network failures (SPEC §8); a second layer would multiply them
    // offline a read is still tried (the service worker may answer from its cache) and fails rather than waiting
    // for ever: a screen shows what it has, or its error with a retry (issue 31 item 2)
    queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
  },
});

// store staff at /store use their own login; a customer guest session there would only be noise
if (!/^\/store(\/|$)/.test(window.location.pathname)) void ensureGuestSession();
// the menu screens' data starts loading beside their code instead of after it
if (/^\/(menu|customise|search)(\/|$)/.test(window.location.pathname)) void prefetchMenu(queryClient);

const root = createRoot(document.getElementById('root')!);
// a transition lets React yield to the browser while it renders the first screen, instead of one long
// task (the boot shell in index.html stays on screen meanwhile)
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppLayout />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
});

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' });
  });
}
