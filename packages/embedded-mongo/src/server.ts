import net from 'node:net';
import type { Request } from './wire.ts';
import { decodeRequest, encodeReply, FrameReader } from './wire.ts';
import { errorReply } from './errors.ts';
import type { Doc, EngineLogger } from './types.ts';

export interface Connection {
  id: number;
  remote: string;
}

export interface CommandExecutor {
  /** Runs a command synchronously (never throws); a change stream's getMore may wait (never rejects). */
  execute(req: Request, conn: Connection): Doc | Promise<Doc>;
  /** Resolves when everything written so far is on disk; null when nothing is pending. */
  durable(): Promise<unknown> | null;
}

/**
 * TCP front end. Each socket reassembles frames, runs each command at once, and sends the reply
 * only after the journal has fsynced every write made so far: no reply ever reveals, or
 * acknowledges, data that a crash could still lose.
 */
export class WireServer {
  private readonly server: net.Server;
  /** A second listener on a Unix socket, for a client on the same machine (`listenLocal`). */
  private local: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;
  private readonly executor: CommandExecutor;
  private readonly logger: EngineLogger;

  constructor(executor: CommandExecutor, logger: EngineLogger) {
    this.executor = executor;
    this.logger = logger;
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  /**
   * Also listens on the Unix socket `file`. Loopback TCP costs the client a kernel TCP round per
   * command on its own thread; a Unix socket costs a fraction of that (about a quarter less
   * client CPU per command, measured with the official driver).
   */
  listenLocal(file: string): Promise<void> {
    const local = net.createServer((socket) => this.accept(socket));
    this.local = local;
    return new Promise((resolve, reject) => {
      local.once('error', reject);
      local.listen(file, () => {
        local.off('error', reject);
        resolve();
      });
    });
  }

  private accept(socket: net.Socket): void {
    const conn: Connection = {
      id: this.nextConnectionId++,
      remote: socket.remoteAddress ? `${socket.remoteAddress}:${socket.remotePort}` : 'local',
    };
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const reader = new FrameReader();
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) {
          const req = decodeRequest(frame);
          const reply = this.executor.execute(req, conn);
          if (req.noReply) continue;
          if (reply instanceof Promise) void reply.then((r) => this.reply(socket, req, r));
          else this.reply(socket, req, reply);
        }
      } catch (err) {
        // Bad framing or undecodable bytes: this connection is unusable; the others are fine.
        this.logger.warn(
          { connectionId: conn.id, err: (err as Error).message },
          'embedded MongoDB: closing connection after a protocol error',
        );
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private reply(socket: net.Socket, req: Request, reply: Doc): void {
    const wait = this.executor.durable();
    if (!wait) return this.send(socket, req, reply);
    wait.then(
      () => this.send(socket, req, reply),
      (err: Error) =>
        this.send(socket, req, errorReply(new Error(`journal write failed: ${err.message}`))),
    );
  }

  private send(socket: net.Socket, req: Request, reply: Doc): void {
    if (socket.destroyed) return;
    let bytes: Buffer;
    try {
      bytes = encodeReply(reply, req.requestId, req.legacy);
    } catch (err) {
      bytes = encodeReply(
        errorReply(new Error(`reply could not be encoded: ${(err as Error).message}`)),
        req.requestId,
        req.legacy,
      );
    }
    socket.write(bytes);
  }

  /** Stops accepting and drops every open connection. */
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const servers = this.local ? [this.server, this.local] : [this.server];
    await Promise.all(
      servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    );
  }
}
