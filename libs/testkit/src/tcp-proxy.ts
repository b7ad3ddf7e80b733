import { once } from 'node:events';
import { connect, createServer, Server, Socket } from 'node:net';

export interface Backend {
  port: number;
  host?: string;
}

/**
 * A tiny TCP load balancer on 127.0.0.1: each new client connection goes to the next backend, round robin;
 * a backend that refuses the connection is skipped for the next one (as nginx's proxy_next_upstream does).
 * Bytes are passed through untouched, so HTTP keep-alive and WebSocket upgrades work. When either side of a
 * pair closes or fails, the other is closed too: clients of a dead backend see their connection drop.
 *
 * It also plays a failing network between clients and backends: drop() cuts every connection and refuses
 * new ones; blackhole() forwards nothing and closes nothing (what a venue router that lost its uplink
 * does: sockets look open and carry no data); restore() ends either. Whatever was sent into a blackhole is
 * delivered on restore, as TCP's retransmissions would.
 */
export class TcpProxy {
  private server?: Server;
  private next = 0;
  private readonly open = new Set<Socket>();
  private network: 'up' | 'dropped' | 'blackholed' = 'up';
  /** Connected client/backend pairs, to stop and start forwarding between them. */
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  /** Clients accepted during a blackhole, connected to a backend only on restore. */
  private readonly held = new Set<Socket>();
  /** Which backend port serves each client connection, keyed by the client's own port. */
  private readonly routeByClientPort = new Map<number, number>();
  readonly stats = { connections: 0, failovers: 0, refused: 0, perBackend: new Map<number, number>() };
  port = 0;

  constructor(private readonly backends: Backend[]) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get wsUrl() {
    return `ws://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    this.server = createServer((client) => this.accept(client));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
    return this.url;
  }

  /** The backend port a client connection (given by its local port) was sent to. */
  backendOf(clientPort: number): number | undefined {
    return this.routeByClientPort.get(clientPort);
  }

  private accept(client: Socket) {
    this.stats.connections++;
    this.open.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => {
      this.open.delete(client);
      this.held.delete(client);
      if (client.remotePort) this.routeByClientPort.delete(client.remotePort);
    });
    if (this.network === 'dropped') return void client.destroy();
    if (this.network === 'blackholed') return void this.held.add(client);
    this.route(client);
  }

  private route(client: Socket) {
    const first = this.next++ % this.backends.length;
    this.tryBackend(client, first, 0);
  }

  /** Cuts every open connection and refuses new ones until restore(). */
  drop() {
    this.network = 'dropped';
    for (const socket of this.open) socket.destroy();
  }

  /** Forwards nothing, either way, on open or new connections, and closes none, until restore(). */
  blackhole() {
    this.network = 'blackholed';
    for (const pair of this.pairs) this.hold(pair);
  }

  restore() {
    const was = this.network;
    this.network = 'up';
    if (was !== 'blackholed') return;
    for (const pair of this.pairs) this.forward(pair);
    for (const client of this.held) this.route(client);
    this.held.clear();
  }

  private hold({ client, upstream }: { client: Socket; upstream: Socket }) {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  private forward({ client, upstream }: { client: Socket; upstream: Socket }) {
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private tryBackend(client: Socket, index: number, tries: number) {
    if (client.destroyed) return;
    if (tries >= this.backends.length) {
      this.stats.refused++;
      client.destroy();
      return;
    }
    const backend = this.backends[index % this.backends.length];
    const upstream = connect(backend.port, backend.host ?? '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      this.open.add(upstream);
      this.stats.perBackend.set(backend.port, (this.stats.perBackend.get(backend.port) ?? 0) + 1);
      if (client.remotePort) this.routeByClientPort.set(client.remotePort, backend.port);
      const pair = { client, upstream };
      this.pairs.add(pair);
      upstream.once('close', () => this.pairs.delete(pair));
      if (this.network === 'up') this.forward(pair);
      else upstream.pause();
    });
    upstream.on('error', () => {
      if (!connected) {
        this.stats.failovers++;
        upstream.destroy();
        this.tryBackend(client, index + 1, tries + 1);
        return;
      }
      upstream.destroy();
      client.destroy();
    });
    upstream.on('close', () => {
      this.open.delete(upstream);
      if (connected) client.destroy();
    });
    client.on('close', () => upstream.destroy());
  }

  async stop() {
    for (const socket of this.open) socket.destroy();
    if (!this.server) return;
    await new Promise((resolve) => this.server!.close(resolve));
  }
}
