import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy for fault tests: put it between the app and PostgreSQL, then `cut()` it (every
 * connection reset, new ones refused: what a stopped server looks like), `hang()` it (connections
 * accepted, nothing forwarded: a network partition) and `restore()` it. The shared PostgreSQL server
 * itself is never touched.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private mode: 'open' | 'hang' = 'open';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on `port` (0: any free port, remembered so a restore reopens the same one). */
  async start(port = this.port): Promise<number> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.once('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (this.mode === 'hang') return; // held open, never answered
    const upstream = connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.once('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private async closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** PostgreSQL stopped: open connections are reset and new ones refused. */
  async cut(): Promise<void> {
    const closed = this.closeServer();
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }

  /** An unreachable host: open connections are reset, new ones accepted but never answered. */
  async hang(): Promise<void> {
    await this.cut();
    this.mode = 'hang';
    await this.start();
  }

  /** Back to forwarding on the same port. */
  async restore(): Promise<void> {
    await this.cut();
    this.mode = 'open';
    await this.start();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
