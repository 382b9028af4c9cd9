/*
 * React DOM is CommonJS: the bundler wraps each such module in a factory, `__commonJSMin(((exports,
 * module) => { … }))`, run the first time the module is required. V8 compiles a function lazily, on
 * the main thread, at its first call, unless the function is written `(function …` (its "immediately
 * invoked" hint), which it compiles eagerly, on the thread that streams the script in. An arrow
 * function in parentheses does not get that hint. React DOM's factory is some 200 KB of source: its
 * first call, as the app starts, compiled it on the main thread (19–50 ms on a 2-core machine against
 * 13–20 ms written as a `function`; docs/decisions.md, "The first visit").
 *
 * So the large factories of a chunk are written as `function` expressions. Nothing else changes: a
 * factory whose own body uses `this` or `arguments` (which an arrow and a function read differently)
 * is left as it is.
 */

import type { Plugin } from 'vite';

/** Factories smaller than this compile in well under a millisecond: left alone. */
const LARGE_FACTORY_CHARS = 20_000;

/** The little of an ESTree node this needs; `parse` is Vite's `parseAst` (UTF-16 offsets). */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
type Parse = (code: string) => unknown;

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Whether `node`'s own function body (not the functions inside it) reads `this` or `arguments`. */
function readsOwnThisOrArguments(node: AstNode): boolean {
  let found = false;
  const visit = (value: unknown, top: boolean): void => {
    if (found || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, false));
    if (!isNode(value)) return;
    if (!top && (value.type === 'FunctionExpression' || value.type === 'FunctionDeclaration')) return;
    if (value.type === 'ThisExpression' || (value.type === 'Identifier' && value.name === 'arguments')) {
      found = true;
      return;
    }
    for (const key of Object.keys(value)) if (key !== 'type') visit(value[key], false);
  };
  visit(node.body, true);
  return found;
}

/**
 * `code` with every large arrow factory passed alone to a call (`wrap((…) => { … })`) written as a
 * `function` expression instead; `parse` gives the chunk's ESTree program.
 */
export function eagerCommonJsFactories(code: string, parse: Parse): { code: string; rewritten: number } {
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    const args = value.type === 'CallExpression' ? (value.arguments as unknown[]) : [];
    const factory = args.length === 1 && isNode(args[0]) ? args[0] : undefined;
    const body = factory?.body;
    if (
      factory?.type === 'ArrowFunctionExpression' &&
      isNode(body) &&
      body.type === 'BlockStatement' &&
      !factory.async &&
      factory.end - factory.start >= LARGE_FACTORY_CHARS &&
      !readsOwnThisOrArguments(factory)
    ) {
      const params = (factory.params as AstNode[]).map((param) => code.slice(param.start, param.end)).join(', ');
      edits.push({ start: factory.start, end: body.start, text: `function(${params})` });
    }
    for (const key of Object.keys(value)) if (key !== 'type') visit(value[key]);
  };
  visit(parse(code));
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { code: out, rewritten: edits.length };
}

/** The Vite plugin: applies the rewrite to each chunk of the browser build. */
export function eagerCommonJsFactoriesPlugin(parse: Parse): Plugin {
  return {
    name: 'spindle-eager-commonjs-factories',
    apply: 'build',
    renderChunk(code: string) {
      if (!code.includes('=>')) return null;
      const { code: out, rewritten } = eagerCommonJsFactories(code, parse);
      return rewritten ? { code: out, map: null } : null;
    },
  };
}
