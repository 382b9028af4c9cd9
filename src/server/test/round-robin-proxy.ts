import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Which upstream (its index) answered each request, in order. */
  answeredBy: number[];
  close(): Promise<void>;
}

/**
 * A small HTTP load balancer for the scale-out test: each request goes to the next upstream in turn
 * (no stickiness, as a reverse proxy without session affinity), and the answer carries
 * `x-upstream: <index>` so a test can see which instance served it.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const answeredBy: number[] = [];
  const server = http.createServer((req, res) => {
    const index = next++ % upstreams.length;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forward = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host }, agent: false },
      (answer) => {
        answeredBy.push(index);
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-upstream': String(index) });
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
