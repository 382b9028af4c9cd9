// Issue 2: signed-in GET /api/user against a hello-world route of the same process; target ratio ≥ 0.6.
// Rounds alternate between the two so both see the same background load; the medians are compared.
import { cannon, report, signUpAndLogin, startServer } from './support.mjs';

const ROUNDS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
try {
  const cookie = await signUpAndLogin(server.url);
  const hello = { url: `${server.url}/api/ping` };
  const user = { url: `${server.url}/api/user`, headers: { cookie } };
  // Warm both paths so JIT and caches are comparable.
  await cannon({ ...hello, duration: 2 });
  await cannon({ ...user, duration: 2 });
  const helloRates = [];
  const userRates = [];
  for (let round = 0; round < ROUNDS; round++) {
    helloRates.push((await cannon({ ...hello, duration: 4 })).requests.average);
    const result = await cannon({ ...user, duration: 4 });
    if (result.non2xx > 0) throw new Error(`GET /api/user answered ${result.non2xx} non-2xx responses`);
    userRates.push(result.requests.average);
  }
  const ratio = median(userRates) / median(helloRates);
  console.log(`hello-world (GET /api/ping): ${median(helloRates).toFixed(0)} req/s (median of ${ROUNDS})`);
  console.log(`signed-in GET /api/user:     ${median(userRates).toFixed(0)} req/s (median of ${ROUNDS})`);
  const ok = report('GET /api/user ÷ hello world', ratio.toFixed(2), '≥ 0.60', ratio >= 0.6);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}
