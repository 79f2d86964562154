import type { Plugin } from 'vite';

/**
 * Issue 32: the chunks of the screens a visit starts on. Brotli compresses each file on its own and every chunk
 * pays its import/export glue, and Rolldown's automatic chunking makes one chunk per set of lazy screens sharing
 * a module: the landing's first download was 14 files besides the entry. Here the first screens decide instead:
 * a module that the first screens reach by static imports (and the entry does not) goes to one chunk per set of
 * first screens reaching it, even when later screens import it too (they then load that chunk: a few KB after
 * the first paint, which the service worker has cached). `laterScreens` (first screens, but rarer) take only
 * what `screens` leave, so that their modules do not cut the main screens' chunks into pieces again. The
 * screens' own modules stay the lazy chunks the router imports, and everything else is left to the automatic
 * chunking.
 */
export function firstScreenChunks(
  entry: string,
  screens: Record<string, string>,
  laterScreens: Record<string, string>,
) {
  const imports = new Map<string, readonly string[]>();
  let owners: Map<string, string> | undefined;
  let root = '';

  const abs = (module: string) => `${root.replace(/\/$/, '')}/${module}`;
  // Through the app's own modules only: a package module (the domain's rules) is taken when the app imports it,
  // not what it imports in turn, which tree-shaking usually drops (the loyalty rules import the store hours).
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      if (id.startsWith(abs('src/'))) stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };

  const ownersOf = (): Map<string, string> => {
    const initial = reach(abs(entry));
    const screenIds = new Set([...Object.values(screens), ...Object.values(laterScreens)].map(abs));
    const reachedBy = (of: Record<string, string>) => {
      const out = new Map<string, string[]>();
      for (const [name, module] of Object.entries(of))
        for (const id of reach(abs(module)))
          if (!initial.has(id) && !screenIds.has(id)) out.set(id, [...(out.get(id) ?? []), name]);
      return out;
    };
    const later = reachedBy(laterScreens);
    const first = reachedBy(screens);
    return new Map([...later, ...first].map(([id, names]) => [id, names.join('-')]));
  };

  const plugin: Plugin = {
    name: 'crust:first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      owners = undefined;
    },
  };

  /** The chunk a first screen's module goes to, or null for the automatic chunking. */
  const chunkOf = (id: string): string | null => {
    owners ??= ownersOf();
    return owners.get(id) ?? null;
  };

  return { plugin, chunkOf };
}
