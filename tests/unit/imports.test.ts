/**
 * The shape of src/: no import cycle, and the generic layers import no feature. Reads every
 * module's static `import`/`export … from` and dynamic `import()` (type-only imports vanish
 * from the build and are not counted) and resolves the relative ones to files.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(c)) return c;
  return null;
}

/** Module → the modules it loads at run time. */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specs = [
      ...[...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'"`;]*?from\s+['"]([^'"]+)['"]/g)]
        .filter((m) => !m[1])
        .map((m) => m[2]),
      ...[...text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map((m) => m[1]),
      ...[...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
    ];
    graph.set(file, [...new Set(specs.map((s) => resolve(file, s)).filter((r): r is string => !!r))]);
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan), or a module importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const rel = (p: string) => path.relative(SRC, p).split(path.sep).join('/');
const graph = importGraph(sourceFiles(SRC));

/** Imports from modules under `from` into modules under one of `into`. */
const crossings = (from: string[], into: string[]) =>
  [...graph].flatMap(([file, deps]) =>
    from.some((f) => rel(file).startsWith(f))
      ? deps.filter((d) => into.some((i) => rel(d).startsWith(i))).map((d) => `${rel(file)} -> ${rel(d)}`)
      : [],
  );

describe('the modules of src/', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(cycles(new Map([['a', ['b']]]))).toEqual([]);
    // It reads the real tree: the server's entry loads the process, which loads the app.
    expect(graph.get(path.join(SRC, 'server/main.ts'))).toContain(path.join(SRC, 'server/serve.ts'));
    expect(graph.get(path.join(SRC, 'server/serve.ts'))).toContain(path.join(SRC, 'server/app.ts'));
  });

  it('have no import cycle', () => {
    expect(cycles(graph).map((c) => c.map(rel).sort())).toEqual([]);
  });

  it('keep the generic layers free of features', () => {
    // The domain is shared by the console and the server and imports neither.
    expect(crossings(['domain/'], ['app/', 'server/'])).toEqual([]);
    // The database layer knows no HTTP, route or feature.
    expect(
      crossings(
        ['server/db/'],
        ['server/plugins/', 'server/routes/', 'server/resources/', 'server/simulation/'],
      ),
    ).toEqual([]);
    // The resource engine knows no feature: features register with it.
    expect(
      crossings(
        ['server/resources/'],
        ['server/simulation/', 'server/routes/', 'server/gateway/', 'server/seed/'],
      ),
    ).toEqual([]);
    // The console's generic parts import no screen of a feature.
    expect(
      crossings(
        ['app/resources/generic/', 'app/providers/', 'app/layout/', 'app/components/'],
        ['app/resources/master/', 'app/resources/simulator/', 'app/pages/'],
      ),
    ).toEqual([]);
  });
});
