// Signed-in GET /api/user (the client holds both cookies the sign-up set, as a browser does) against a
// bare node:http server, in a process of its own, answering the same bytes (status, headers, body);
// target ratio ≥ 0.5. The app runs with the defaults of `npm start` (LOG_LEVEL info: one request-log
// line per request). The app's own /api/ping is shown
// for reference. Rounds alternate between the servers so both see the same background load; the
// medians are compared. Alongside, the CPU time each server process spent per request (Linux: from
// /proc), which depends far less than req/s on what else the machine is doing.
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { cannon, freePort, report, signUpAndLogin, startServer } from './support.mjs';

const ROUNDS = 3;
const CONNECTIONS = 20;
/** User + system CPU seconds of a process so far (clock ticks of 1/100 s), or undefined off Linux. */
const cpuSeconds = (pid) => {
  if (!existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function startBare(response) {
  const port = await freePort();
  const child = fork(path.join(path.dirname(new URL(import.meta.url).pathname), 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(port), BARE_RESPONSE: JSON.stringify(response) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const server = await startServer({ LOG_LEVEL: 'info' });
let bare;
try {
  const cookie = await signUpAndLogin(server.url);
  const sample = await fetch(`${server.url}/api/user`, { headers: { cookie } });
  const headers = {};
  for (const [name, value] of sample.headers)
    if (!['date', 'content-length', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
  const body = await sample.text();
  bare = await startBare({ status: sample.status, headers, body });
  const headerBytes = Object.entries(headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
  console.log(
    `answer: ${sample.status}, ${body.length} bytes of body, ${headerBytes} bytes of headers (the bare server sends the same)`,
  );

  const targets = {
    bare: { url: `${bare.url}/api/user`, headers: { cookie }, pid: bare.pid },
    ping: { url: `${server.url}/api/ping`, pid: server.pid },
    user: { url: `${server.url}/api/user`, headers: { cookie }, pid: server.pid },
    // Printed, not gated: a client that keeps no cookies (a script, a monitor) sends the session alone,
    // and every answer sets the shelf marker again.
    sessionOnly: {
      url: `${server.url}/api/user`,
      headers: { cookie: cookie.split('; ').find((pair) => pair.startsWith('spindle_session=')) },
      pid: server.pid,
    },
  };
  for (const t of Object.values(targets)) await cannon({ ...t, connections: CONNECTIONS, duration: 2 });
  const rates = { bare: [], ping: [], user: [], sessionOnly: [] };
  const cpuPerRequest = { bare: [], ping: [], user: [], sessionOnly: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      const before = cpuSeconds(t.pid);
      const result = await cannon({ ...t, connections: CONNECTIONS, duration: 4 });
      const after = cpuSeconds(t.pid);
      if (before !== undefined && after !== undefined) cpuPerRequest[name].push(((after - before) * 1e6) / result.requests.total);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name} answered ${result.non2xx} non-2xx responses, ${result.errors} errors`);
      rates[name].push(result.requests.average);
    }
  }
  const ratio = median(rates.user) / median(rates.bare);
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(`bare node:http, same bytes: ${median(rates.bare).toFixed(0)} req/s (median of ${ROUNDS})`);
  console.log(
    `app GET /api/ping:          ${median(rates.ping).toFixed(0)} req/s (${(median(rates.ping) / median(rates.bare)).toFixed(2)}×)`,
  );
  console.log(`app signed-in GET /api/user: ${median(rates.user).toFixed(0)} req/s`);
  if (cpuPerRequest.user.length) {
    const us = (name) => median(cpuPerRequest[name]);
    console.log(
      `CPU per request (server process): bare ${us('bare').toFixed(1)} µs, ping ${us('ping').toFixed(1)} µs, user ${us('user').toFixed(1)} µs; bare ÷ user ${(us('bare') / us('user')).toFixed(2)}`,
    );
    console.log(
      `a client that keeps no cookies (the session alone, the marker set on every answer): ${median(rates.sessionOnly).toFixed(0)} req/s, CPU ${us('sessionOnly').toFixed(1)} µs per request (printed, not gated)`,
    );
  }
  const ok = report('GET /api/user ÷ bare node:http', ratio.toFixed(2), '≥ 0.50', ratio >= 0.5);
  process.exitCode = ok ? 0 : 1;
} finally {
  await bare?.stop();
  await server.stop();
}
