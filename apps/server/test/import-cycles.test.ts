import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the server or the web app, type-only imports included (decision 013, issue 13 §4). ESLint's import-x/no-cycle sees
 * only imports that run; the loop that issue 12 untangled (deps.ts → orders/service.ts → session/routes.ts →
 * deps.ts) was made of `import type` alone, and it still tied the modules into one knot.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each file's relative imports and re-exports (static, dynamic and type-only), as absolute paths. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .map((f) => f.fileName)
        .filter((name) => name.startsWith('.') && /\.tsx?$/.test(name))
        .map((name) => resolve(dirname(file), name))
        .filter((path) => existsSync(path)),
    );
  }
  return graph;
}

/** A cycle as the files along it (the first again at the end), or null when the graph has none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

const named = (cycle: string[] | null, root = SRC) =>
  cycle?.map((f) => relative(root, f)).join(' → ') ?? 'no cycle';

/**
 * The server's floors, bottom to top (issue 29 §3): each is a folder or a file directly under src/, and a file imports
 * its own floor or lower ones, never a higher one, type-only imports included. eslint.config.js keeps the same list
 * (import-x/no-restricted-paths), which sees an offence as it is typed; this sees every import the way the cycle
 * check does. A new folder under src/ takes its place here.
 */
const FLOORS: readonly string[] = (
  JSON.parse(readFileSync(new URL('../../../floors.json', import.meta.url), 'utf8')) as { server: string[] }
).server;

function floorOf(file: string, root: string): number {
  const top = relative(root, file).split(sep)[0] ?? '';
  const floor = FLOORS.indexOf(top);
  if (floor < 0)
    throw new Error(`${relative(root, file)} is on no floor: put it in one, or add ${top} to FLOORS`);
  return floor;
}

/** Every import from a floor to a higher one, as "importer → imported (floor → higher floor)". */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>, root = SRC): string[] {
  return [...graph].flatMap(([file, imports]) => {
    const floor = floorOf(file, root);
    return imports
      .filter((imported) => floorOf(imported, root) > floor)
      .map(
        (imported) =>
          `${relative(root, file)} → ${relative(root, imported)} (${FLOORS[floor]} → ${FLOORS[floorOf(imported, root)]})`,
      );
  });
}

describe('import cycles', () => {
  it('finds and names a cycle, and passes a graph without one', () => {
    const graph = new Map([
      [join(SRC, 'a.ts'), [join(SRC, 'b.ts')]],
      [join(SRC, 'b.ts'), [join(SRC, 'c.ts')]],
      [join(SRC, 'c.ts'), [join(SRC, 'a.ts')]],
    ]);
    expect(named(findCycle(graph))).toBe('a.ts → b.ts → c.ts → a.ts');
    graph.set(join(SRC, 'c.ts'), []);
    expect(findCycle(graph)).toBeNull();
  });

  it('reads type-only imports and re-exports as edges', () => {
    const { importedFiles } = ts.preProcessFile(
      "import type { A } from './a.ts';\nexport { b } from './b.ts';\nconst c = await import('./c.ts');",
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./a.ts', './b.ts', './c.ts']);
  });

  it('apps/server/src has none', () => {
    expect(named(findCycle(importGraph(SRC)))).toBe('no cycle');
  });
  it('apps/web/src has none (the lazy screens of app/routes.tsx count too)', () => {
    expect(named(findCycle(importGraph(WEB_SRC)), WEB_SRC)).toBe('no cycle');
  });
});

describe('floors of the server', () => {
  it('names an import from a lower floor to a higher one, and passes downward ones', () => {
    const graph = new Map([
      [join(SRC, 'db/seed/index.ts'), [join(SRC, 'modules/auth/passwords.ts'), join(SRC, 'config/env.ts')]],
      [join(SRC, 'modules/auth/passwords.ts'), [join(SRC, 'modules/auth/limits.ts')]],
    ]);
    expect(upwardImports(graph)).toEqual(['db/seed/index.ts → modules/auth/passwords.ts (db → modules)']);
    expect(() => upwardImports(new Map([[join(SRC, 'loose.ts'), []]]))).toThrow(/loose\.ts is on no floor/);
  });

  it('apps/server/src imports no higher floor (type-only imports included)', () => {
    expect(upwardImports(importGraph(SRC))).toEqual([]);
  });
});
