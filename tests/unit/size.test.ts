/**
 * The shape a maintainer can read: no file of src/ over 400 lines and no function over 120,
 * except data files (tables of names, regions). Functions are found with the TypeScript
 * compiler's own parser: declarations, methods, arrows and function expressions, each measured
 * from its first to its last line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;
/** Data, not code: tables the seed and the maps read. */
const DATA_FILES = new Set([
  'domain/regions-data.ts',
  'server/seed/city-data.ts',
  'server/seed/entities/sandbox-data.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

const files = sources(SRC)
  .map((file) => ({ file, rel: path.relative(SRC, file).split(path.sep).join('/') }))
  .filter(({ rel }) => !DATA_FILES.has(rel));

/** Every function of a file longer than the limit, as 'name (n lines) at line k'. */
function longFunctions(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const name =
          (node.name && ts.isIdentifier(node.name) && node.name.text) ||
          (ts.isVariableDeclaration(node.parent) &&
            ts.isIdentifier(node.parent.name) &&
            node.parent.name.text) ||
          '(anonymous)';
        found.push(`${name} (${lines} lines) at line ${lineOf(node.getStart(source))}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('size of src/', () => {
  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map(({ file, rel }) => ({ rel, lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ rel, lines }) => `${rel}: ${lines}`);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap(({ file, rel }) => longFunctions(file).map((f) => `${rel}: ${f}`));
    expect(long).toEqual([]);
  }, 60_000); // parses every file of src/: seconds on a busy machine
});
