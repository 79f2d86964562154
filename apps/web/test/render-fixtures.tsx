/** The test app every screen test renders: routes in a memory router over a fresh query client. */
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from './memory-router.tsx';

/**
 * Renders `routes` at `url`. The query client (a fresh one unless given) neither retries nor refetches on
 * window focus, so a test sees exactly the calls it expects; `strict` renders in StrictMode.
 */
export function renderRouter(
  routes: RouteObject[],
  url: string,
  opts: { queryClient?: QueryClient; strict?: boolean } = {},
) {
  const queryClient =
    opts.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(opts.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}
