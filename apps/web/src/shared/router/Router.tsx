import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { createBrowserHistory, type History, type Location } from './history.ts';
import { HistoryContext, LocationContext } from './context.ts';

/**
 * Provides `history` and the location it shows. A move renders in a transition, so a screen whose chunk is
 * still loading keeps the current one on screen instead of flashing the spinner.
 */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    // a layout effect: subscribed before any screen's effect can move the app (no screen moves it in a layout
    // effect of its own)
    const hear = (next: Location) => startTransition(() => setLocation(next));
    const unsubscribe = history.listen(hear);
    // a move between the first render and this subscription (Back pressed while the page was still starting, the
    // browser's popstate landing before React committed) was heard by nobody: hear it now (the same location
    // object when nothing moved, which React skips)
    hear(history.location);
    return unsubscribe;
  }, [history]);
  return (
    <HistoryContext value={history}>
      <LocationContext value={location}>{children}</LocationContext>
    </HistoryContext>
  );
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}
