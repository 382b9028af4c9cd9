// `npm run lint` runs this after eslint. A comment, test name or string may not cite anything outside
// the repository or an issue ("spec 1 §4", "D11", "issue 14", "style §11", "../shared/spec/"): a reader
// of the code has none of those. Cite the project's own page instead, as docs/product/<page>.md#<section>
// (docs/product/README.md#how-to-cite), or say the reason itself.
// Prints each hit as `path:line: text` and exits 1 when there is one. Plain Node, no dependencies.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The code, its tests, the browser journeys, the benchmarks and the scripts. */
export const CHECKED_DIRS = ['src', 'e2e', 'security', 'bench', 'scripts'];

/** This guard and its test, which name the citations they look for. */
const SKIPPED_FILES = new Set(['scripts/check-references.mjs', 'scripts/check-references.test.mjs']);

export const REFERENCE_PATTERNS = [
  // The outside specification: "spec 1 §4", "Spec 2 §3", "spec §5".
  /\bspec (?:[0-9]|§)/i,
  // A bare section number: "§3", "§ 4".
  /§ ?[0-9]/,
  // A decision number: "D11", "D8b", "(D4–D8b)". Not a hex colour (#D12) nor part of a word (useD3).
  /(?<![#\w])D[0-9]{1,2}b?\b/,
  // An issue: "issue 14", "Issue 9, item 3", "Issues 2 and 14", "issue #9".
  /\bissues? #?[0-9]/i,
  // The outside guide's pages and the folders outside the repository.
  /\bstyle §|\bstack\.md\b|\blook\.md\b|\bshared\/(?:spec|guide)\b/,
];

/** The lines of `text` that cite something outside the repository, numbered from 1. */
export function findReferences(text) {
  const hits = [];
  text.split('\n').forEach((line, index) => {
    if (REFERENCE_PATTERNS.some((pattern) => pattern.test(line))) hits.push({ line: index + 1, text: line.trim() });
  });
  return hits;
}

/** Every hit in the tracked files of the checked folders of the repository at `cwd`. */
export function checkRepository(cwd) {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...CHECKED_DIRS], { cwd, encoding: 'utf8' });
  const hits = [];
  for (const path of listed.split('\0').filter(Boolean)) {
    // A tracked file deleted in the working tree has nothing left to check.
    if (SKIPPED_FILES.has(path) || !existsSync(`${cwd}/${path}`)) continue;
    const bytes = readFileSync(`${cwd}/${path}`);
    // Images and fonts: their bytes can spell anything.
    if (bytes.includes(0)) continue;
    for (const hit of findReferences(bytes.toString('utf8'))) hits.push({ path, ...hit });
  }
  return hits;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const hits = checkRepository(process.cwd());
  for (const hit of hits) console.log(`${hit.path}:${hit.line}: ${hit.text}`);
  if (hits.length > 0) {
    console.error(
      `${hits.length} line(s) cite something outside the repository: cite docs/product/<page>.md#<section> ` +
        'or give the reason instead (docs/product/README.md#how-to-cite).',
    );
    process.exitCode = 1;
  }
}
