// A bare node:http server for bench/user.bench.mjs: it answers every request with the status, headers
// and body given in the BARE_RESPONSE environment variable (JSON: {status, headers, body}) — the bytes
// the app answered — so the bench compares the app with the cheapest server that can say the same.
import { createServer } from 'node:http';

const { status, headers, body } = JSON.parse(process.env.BARE_RESPONSE);
const bytes = Buffer.from(body);
const server = createServer((req, res) => {
  // Drain the request like any server would, then answer with the app's headers and body.
  req.resume();
  res.writeHead(status, { ...headers, date: new Date().toUTCString(), 'content-length': bytes.length });
  res.end(bytes);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
