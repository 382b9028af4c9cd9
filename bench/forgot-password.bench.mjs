// POST /api/auth/forgot-password answers in about the same time whether or not the account exists.
// Sequential requests alternate between existing and unknown e-mails (each from its own client
// address, TRUST_PROXY, and each e-mail asked as often, so both fill their limit buckets alike); the
// medians must be within 1 ms or 10 %, whichever is larger. Set BENCH_DATABASE_URL to measure on
// PostgreSQL.
import { performance } from 'node:perf_hooks';
import { report, signUpAndLogin, startServer } from './support.mjs';

const ACCOUNTS = 20;
const PER_ACCOUNT = 10; // the per-e-mail limit
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer({ TRUST_PROXY: 'true', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) });
try {
  const stamp = Date.now();
  const known = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `forgot-${stamp}-${i}@example.com`;
    await signUpAndLogin(server.url, email);
    known.push(email);
  }
  let address = 0;
  const ask = async (email) => {
    address++;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
      body: JSON.stringify({ email }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
    const elapsed = performance.now() - started;
    // An existing account's work runs just after its answer; let it finish so it does not land on the
    // next request's time (an observer of one request never sees it).
    await new Promise((r) => setTimeout(r, 80));
    return elapsed;
  };
  // Warm-up on both paths.
  for (let i = 0; i < 20; i++) await ask(`warm-${stamp}-${i}@example.com`);
  const knownTimes = [];
  const unknownTimes = [];
  for (let round = 0; round < PER_ACCOUNT; round++) {
    for (let i = 0; i < ACCOUNTS; i++) {
      knownTimes.push(await ask(known[i]));
      unknownTimes.push(await ask(`nobody-${stamp}-${i}@example.com`));
    }
  }
  const k = median(knownTimes);
  const u = median(unknownTimes);
  console.log(`existing account: median ${k.toFixed(2)} ms over ${knownTimes.length} requests`);
  console.log(`unknown e-mail:   median ${u.toFixed(2)} ms over ${unknownTimes.length} requests`);
  const gap = Math.abs(k - u);
  const bound = Math.max(1, 0.1 * Math.max(k, u));
  process.exitCode = report('forgot-password |existing − unknown| median', `${gap.toFixed(2)} ms`, `≤ ${bound.toFixed(2)} ms`, gap <= bound) ? 0 : 1;
} finally {
  await server.stop();
}
