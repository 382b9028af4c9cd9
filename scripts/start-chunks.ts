import path from 'node:path';

/*
 * The app's start, on a first visit, asked for some fifty chunks as the home was taken over: the
 * libraries and the small modules that the app's pages share, each a chunk of its own. Each request
 * is a task of the page's main thread as it arrives, and on a two-core phone the browser's and the
 * network's work for fifty of them kept the main thread from running (tasks of 1–5 ms of CPU took
 * 12–25 ms). So everything the app's start imports is in two chunks, one per half of the start
 * (main.tsx evaluates `app/start-prelude` a task before `app/start`): fifty requests became two.
 * What the entry or the landing page loads stays out of them, or those pages would fetch the app.
 */

interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

const START_PRELUDE = 'src/web/app/start-prelude.ts';
const START = 'src/web/app/start.tsx';
/** The pages that must not fetch the app's start: the entry (main.tsx) and the prerendered landing page. */
const OUTSIDE = ['src/web/main.tsx', 'src/web/features/landing/landing-entry.ts'];
/** React DOM's client, which main.tsx evaluates a task before the app, stays a chunk of its own. */
const REACT_DOM_CLIENT = /\/node_modules\/react-dom\/client\.js$/;

/** `entries` and every module they import statically, through any depth. */
function staticClosure(graph: ModuleGraph, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

/**
 * The `name` of Rolldown's code-splitting group: 'start-prelude' or 'start' for a module of the app's
 * start, null (the bundler's own choice) for anything else. `root` is the project's directory.
 */
export function startChunkName(root: string) {
  let groups: Map<string, string> | undefined;
  return (moduleId: string, graph: ModuleGraph): string | null => {
    if (!groups) {
      const absolute = (file: string) => path.join(root, file);
      const prelude = staticClosure(graph, [absolute(START_PRELUDE)]);
      const start = staticClosure(graph, [absolute(START)]);
      const outside = staticClosure(graph, [...OUTSIDE.map(absolute), ...[...start].filter((id) => REACT_DOM_CLIENT.test(id))]);
      groups = new Map();
      for (const id of start) if (!outside.has(id) && !prelude.has(id)) groups.set(id, 'start');
      for (const id of prelude) if (!outside.has(id)) groups.set(id, 'start-prelude');
    }
    return groups.get(moduleId) ?? null;
  };
}
