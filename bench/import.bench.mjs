// A Discogs collection export of 10,000 albums (20 folders, grades, labels, notes) sent to
// the built server with `npm start` defaults (SQLite in a temp DATA_DIR): the dry run and the import
// timed apart, each from the start of the upload to the last byte of the answer. Target: the import
// ≤ 5 s. With TEST_DATABASE_URL set, the same on a fresh PostgreSQL database (reported, same target).
import { onScratchPostgres, report, signUpAndLogin, startServer } from './support.mjs';

const ROWS = 10_000;
const TARGET_MS = 5000;

const GRADES = ['Mint (M)', 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)', 'Good Plus (G+)', 'Good (G)', 'Fair (F)', 'Poor (P)'];
const SLEEVES = [...GRADES, 'Generic', 'No Cover', 'Not Graded'];
const quote = (value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function discogsCsv(rows) {
  const lines = [
    'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `CAT-${i}`,
        `Artist ${i % 1500}${i % 7 === 0 ? ' (2)' : ''}`,
        `Album Title Number ${i}, Vol. ${i % 3}`,
        `Label ${i % 300}, Other Label`,
        'Vinyl, LP, Album',
        String(i % 6),
        i % 11 === 0 ? '' : `${1950 + (i % 70)}-0${1 + (i % 9)}-00`,
        String(100000 + i),
        i % 20 === 0 ? 'Uncategorized' : `Folder ${i % 20}`,
        '2021-04-05 10:11:12',
        GRADES[i % GRADES.length],
        SLEEVES[i % SLEEVES.length],
        i % 4 === 0 ? `Bought at the fair, "mint" sleeve; row ${i}` : '',
      ]
        .map(quote)
        .join(','),
    );
  }
  return lines.join('\n') + '\n';
}

async function timedUpload(url, cookie, csv, accept) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'discogs.csv');
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { cookie, accept }, body: form });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

async function measure(label, env) {
  const server = await startServer(env);
  try {
    const cookie = await signUpAndLogin(server.url, `bench-import-${Date.now()}@spindle.test`);
    const csv = discogsCsv(ROWS);
    const dry = await timedUpload(`${server.url}/api/import/albums/dry-run`, cookie, csv, 'application/json');
    if (dry.status !== 200) throw new Error(`dry run answered ${dry.status}: ${dry.body.slice(0, 200)}`);
    const planned = JSON.parse(dry.body);
    // The web app's path: progress lines, then the result.
    const run = await timedUpload(`${server.url}/api/import/albums`, cookie, csv, 'application/x-ndjson');
    const last = JSON.parse(run.body.trim().split('\n').at(-1));
    if (run.status !== 200 || last.type !== 'done') throw new Error(`import failed: ${run.status} ${run.body.slice(-300)}`);
    const list = await (await fetch(`${server.url}/api/albums`, { headers: { cookie } })).json();
    console.log(
      `${label}: ${(csv.length / 1024 / 1024).toFixed(1)} MB, ${planned.toAdd.count} to add, ${planned.notices.count} notices; ` +
        `dry run ${dry.ms.toFixed(0)} ms; import ${run.ms.toFixed(0)} ms; ${last.result.added} added, ${list.length} albums listed after`,
    );
    const ok = last.result.added === ROWS && list.length === ROWS && run.ms <= TARGET_MS;
    return report(`${label} import of ${ROWS.toLocaleString('en-US')} Discogs rows`, `${run.ms.toFixed(0)} ms`, `≤ ${TARGET_MS} ms, every row added`, ok);
  } finally {
    await server.stop();
  }
}

let ok = await measure('SQLite', { DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  ok = (await onScratchPostgres('import', (url) => measure('PostgreSQL', { DATABASE_URL: url }))) && ok;
}
console.log('(The machine is shared by several engineers: figures are noisy.)');
process.exit(ok ? 0 : 1);
