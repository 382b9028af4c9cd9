// A bare node:http server for the benches that compare a download with "the same bytes sent from
// memory": it reads the file named by BARE_FILE once and answers every request with it, under the
// content type given in BARE_TYPE and a Content-Length, as the cheapest server that can send them.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const bytes = readFileSync(process.env.BARE_FILE);
const type = process.env.BARE_TYPE ?? 'application/octet-stream';
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  res.end(bytes);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
