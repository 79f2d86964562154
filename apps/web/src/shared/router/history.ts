/**
 * Where the app is: the browser's session history (or, in tests, an in-memory one) as one small interface.
 * `state` rides in `history.state` with a key per entry; the first entry of a visit has the key 'default',
 * which screens read as "nothing to go back to inside the app".
 */
export type Location = {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly state: unknown;
  readonly key: string;
};

/** A target: an href (absolute, or relative to the current path, such as '?q=1'), or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface History {
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** Called after every change, whoever made it; returns the unsubscribe. */
  listen(listener: (location: Location) => void): () => void;
}

const BASE = 'http://router.invalid';

/** Whether an href needs resolving: a relative path, or dot segments to fold. */
const RELATIVE = /^(?!\/)|\/\.\.?(\/|$|[?#])/;

/**
 * The href of `to`, resolved against where the app is now. Every link renders one, so the usual cases (an
 * absolute path, a query on the current path) are string work; only a relative path is parsed as a URL.
 */
export function hrefOf(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  if (typeof to !== 'string') {
    const pathname = to.pathname ?? from.pathname;
    const search = to.search ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
    const hash = to.hash ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
    return `${pathname}${search === '?' ? '' : search}${hash === '#' ? '' : hash}`;
  }
  if (to.startsWith('?')) return to === '?' ? from.pathname : `${from.pathname}${to}`;
  if (!RELATIVE.test(to) && !to.startsWith('//')) return to;
  const url = new URL(to, `${BASE}${from.pathname}${from.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

function parts(href: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const rest = hashAt < 0 ? href : href.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  const search = searchAt < 0 ? '' : rest.slice(searchAt);
  return {
    pathname: (searchAt < 0 ? rest : rest.slice(0, searchAt)) || '/',
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

const newKey = (): string => Math.random().toString(36).slice(2, 10);

function listeners() {
  const set = new Set<(location: Location) => void>();
  return {
    add(listener: (location: Location) => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(location: Location) {
      for (const l of [...set]) l(location);
    },
  };
}

type Entry = { usr: unknown; key: string };

export function createBrowserHistory(win: Window = window): History {
  const subscribers = listeners();
  const read = (): Location => {
    const entry = win.history.state as Partial<Entry> | null;
    return {
      ...parts(`${win.location.pathname}${win.location.search}${win.location.hash}`),
      state: entry?.usr ?? null,
      key: entry?.key ?? 'default',
    };
  };
  let location = read();
  win.addEventListener('popstate', () => {
    location = read();
    subscribers.emit(location);
  });
  const move = (replace: boolean) => (to: To, state?: unknown) => {
    const href = hrefOf(to, location);
    const entry: Entry = { usr: state ?? null, key: newKey() };
    if (replace) win.history.replaceState(entry, '', href);
    else win.history.pushState(entry, '', href);
    location = read();
    subscribers.emit(location);
  };
  return {
    get location() {
      return location;
    },
    push: move(false),
    replace: move(true),
    go: (delta) => win.history.go(delta),
    listen: (listener) => subscribers.add(listener),
  };
}

/** Tests' history: the given entries, the last one current. */
export function createMemoryHistory(entries: string[] = ['/']): History {
  const subscribers = listeners();
  const stack: Location[] = entries.map((href, i) => ({
    ...parts(href),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = stack.length - 1;
  const move = (replace: boolean) => (to: To, state?: unknown) => {
    const next: Location = { ...parts(hrefOf(to, stack[index]!)), state: state ?? null, key: newKey() };
    if (replace) stack[index] = next;
    else {
      stack.splice(index + 1, stack.length, next);
      index += 1;
    }
    subscribers.emit(next);
  };
  return {
    get location() {
      return stack[index]!;
    },
    push: move(false),
    replace: move(true),
    go(delta) {
      const target = Math.min(Math.max(index + delta, 0), stack.length - 1);
      if (target === index) return;
      index = target;
      subscribers.emit(stack[index]!);
    },
    listen: (listener) => subscribers.add(listener),
  };
}
