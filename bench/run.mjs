// `npm run bench`: runs every bench/*.bench.mjs in turn (the app is already built by the npm script).
// Each prints its measurements and its target; the run fails if any missed its target.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
const failed = [];
for (const file of files) {
  console.log(`\n### ${file}`);
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(file);
}
console.log(failed.length ? `\nMissed targets in: ${failed.join(', ')}` : `\nAll ${files.length} benchmarks met their targets.`);
process.exit(failed.length ? 1 : 0);
