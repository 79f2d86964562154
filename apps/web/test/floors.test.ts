import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// the one list of floors the lint reads too (decision 020)
import floorsJson from '../../../floors.json?raw';

/**
 * Issue 29: the web app's floors, bottom to top. A file imports its own floor and those below it, never one above:
 * config/ (the table of screen paths) → shared/ → features/ → app/ (the shell and the route table), with main.tsx
 * on top. eslint.config.js holds the same floors (webZones) but sees only imports that run; this counts type-only
 * imports and re-exports too, as apps/server/test/import-cycles.test.ts does for cycles.
 */
const FLOORS: readonly string[] = (JSON.parse(floorsJson) as { web: string[] }).web;
/** What sits above every floor: the entry that mounts the shell. */
const TOP = ['main.tsx'];

/** Every source file of apps/web/src, keyed 'src/…', read as text (no file runs). */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ).map(([key, text]) => [key.replace(/^\.\.\//, ''), text]),
);

/** A file's floor, counted from the ground; what is on no floor (main.tsx) is above them all. */
function floorOf(file: string): number {
  const floor = FLOORS.indexOf(file.split('/')[1] ?? '');
  return floor === -1 ? FLOORS.length : floor;
}

/** Each import that climbs a floor, as 'from → to' (static, dynamic, type-only and re-exports alike). */
function upwardImports(sources: Readonly<Record<string, string>>): string[] {
  return Object.entries(sources).flatMap(([file, text]) =>
    ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => new URL(name, `file:///${file}`).pathname.slice(1))
      .filter((target) => target in sources && floorOf(target) > floorOf(file))
      .map((target) => `${file.slice(4)} → ${target.slice(4)}`),
  );
}

describe('the web app’s floors', () => {
  it('names an upward import, type-only and lazy ones included, and lets downward ones be', () => {
    const sources = {
      'src/config/paths.ts': "export * from './area.ts';",
      'src/config/area.ts': '',
      'src/shared/a.ts':
        "import type { B } from '../features/f/b.tsx';\nimport { paths } from '../config/paths.ts';",
      'src/features/f/b.tsx':
        "import { a } from '../../shared/a.ts';\nconst c = () => import('../../app/c.tsx');",
      'src/app/c.tsx': "import { b } from '../features/f/b.tsx';",
    };
    expect(upwardImports(sources)).toEqual([
      'shared/a.ts → features/f/b.tsx',
      'features/f/b.tsx → app/c.tsx',
    ]);
  });

  it('has src/ hold the floors and main.tsx, nothing else: a new folder takes its place among them', () => {
    const top = new Set(Object.keys(SOURCES).map((file) => file.split('/')[1]));
    expect([...top].sort()).toEqual([...FLOORS, ...TOP].sort());
  });

  it('has no upward import in apps/web/src', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(upwardImports(SOURCES)).toEqual([]);
  });
});
