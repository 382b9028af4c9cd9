import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/decisions.md, "The first visit": the code the app evaluates as it starts (app/start.tsx and
 * everything it imports for values, not pages loaded later) holds no zod. zod's code and the schemas
 * built with it were the longest part of that evaluation on a phone's first visit.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** The value imports and re-exports of one module (type-only ones left out), as written. */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    const [, , typeOnly, names = '', specifier = ''] = match;
    if (typeOnly) continue;
    // `import { type A, type B } from` imports nothing at run time.
    const braces = /^\{([^}]*)\}$/s.exec(names.trim());
    if (braces && (braces[1] ?? '').split(',').every((name) => name.trim() === '' || name.trim().startsWith('type '))) continue;
    specifiers.push(specifier);
  }
  for (const [, specifier = ''] of source.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(specifier);
  return specifiers;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Every module reached from `entry` by value imports, with the package names they import. */
function startGraph(entry: string): { modules: Set<string>; packages: Map<string, string> } {
  const modules = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        if (!packages.has(specifier)) packages.set(specifier, path.relative(root, file));
        continue;
      }
      const next = resolve(file, specifier);
      if (next) visit(next);
    }
  };
  visit(entry);
  return { modules, packages };
}

describe("the app's start", () => {
  const { modules, packages } = startGraph(path.join(root, 'web/app/start.tsx'));

  it('reaches the collection home and its progress line (the walk follows the real imports)', () => {
    const reached = [...modules].map((file) => path.relative(root, file));
    expect(reached).toContain('web/features/collection-home/collection-home-page.tsx');
    expect(reached).toContain('web/features/enrichment/api.ts');
    expect(reached).toContain('common/loans.ts');
  });

  it('imports no zod and no schema module for its values', () => {
    expect(packages.get('zod'), 'zod is imported by this module').toBeUndefined();
    expect([...modules].map((file) => path.relative(root, file)).filter((file) => file.endsWith('.schemas.ts'))).toEqual([]);
  });
});
