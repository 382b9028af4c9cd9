// Issue 2: signed-in GET /api/user against a hello-world route of the same process; target ratio ≥ 0.6.
import { cannon, report, signUpAndLogin, startServer } from './support.mjs';

const server = await startServer();
try {
  const cookie = await signUpAndLogin(server.url);
  // Warm both paths so JIT and caches are comparable.
  await cannon({ url: `${server.url}/api/ping`, duration: 2 });
  await cannon({ url: `${server.url}/api/user`, headers: { cookie }, duration: 2 });
  const hello = await cannon({ url: `${server.url}/api/ping` });
  const user = await cannon({ url: `${server.url}/api/user`, headers: { cookie } });
  if (user.non2xx > 0) throw new Error(`GET /api/user answered ${user.non2xx} non-2xx responses`);
  const ratio = user.requests.average / hello.requests.average;
  console.log(`hello-world (GET /api/ping)  : ${hello.requests.average.toFixed(0)} req/s`);
  console.log(`signed-in GET /api/user:       ${user.requests.average.toFixed(0)} req/s`);
  const ok = report('GET /api/user ÷ hello world', ratio.toFixed(2), '≥ 0.60', ratio >= 0.6);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}
