import { runInNewContext } from 'node:vm';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { eagerCommonJsFactories } from './eager-commonjs';

const body = (chars: number) => `var filler = "${'x'.repeat(chars)}"; exports.value = 42;`;
const rewrite = (code: string) => eagerCommonJsFactories(code, parseAst);

describe('large CommonJS factories written as functions', () => {
  it('writes a large arrow factory as a function expression that does the same', () => {
    const code = `const wrap = (factory) => { const module = { exports: {} }; factory(module.exports, module); return module.exports; };
const found = wrap(((exports, module) => { ${body(30_000)} }));
export const value = found.value;`;
    const { code: out, rewritten } = rewrite(code);
    expect(rewritten).toBe(1);
    expect(out).toContain('wrap((function(exports, module){ var filler');
    // The rewritten chunk still runs and gives the same exports.
    const run = (source: string): unknown => runInNewContext(source.replace('export const value = found.value;', 'found.value;'));
    expect(run(out)).toBe(42);
    expect(run(code)).toBe(42);
  });

  it('leaves small factories, functions already, and factories that read this or arguments', () => {
    for (const code of [
      `w(((exports) => { ${body(100)} }));`,
      `w((function (exports) { ${body(30_000)} }));`,
      `w(((exports) => { ${body(30_000)} exports.self = this; }));`,
      `w(((exports) => { ${body(30_000)} exports.count = arguments.length; }));`,
      `w(((exports) => exports));`,
    ]) {
      expect(rewrite(code)).toEqual({ code, rewritten: 0 });
    }
  });

  it('still rewrites a factory whose inner functions read this or arguments', () => {
    const code = `w(((exports) => { ${body(30_000)} exports.f = function () { return arguments.length + (this ? 1 : 0); }; }));`;
    expect(rewrite(code).rewritten).toBe(1);
  });
});
