import { EventEmitter } from 'node:events';
import type http from 'node:http';

/** The built storefront's Node middleware (`storefront/dist/server/entry.mjs`). */
export type NodeHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
) => void | Promise<void>;

/** A page as the storefront answered it. */
export type Rendered = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * A response the storefront writes into memory: what Astro's `writeResponse` calls (writeHead,
 * write, end, destroy, the events it listens to) and nothing more.
 */
class CapturedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];

  readonly req: unknown;
  private readonly done: (result: Rendered | Error) => void;

  constructor(req: unknown, done: (result: Rendered | Error) => void) {
    super();
    this.req = req;
    this.done = done;
  }

  setHeader(name: string, value: unknown) {
    this.headers[name.toLowerCase()] = [value].flat().join(', ');
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  writeHead(status: number, ...rest: unknown[]) {
    this.statusCode = status;
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as
      Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.setHeader(name, value);
    }
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Uint8Array, cb?: () => void) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    cb?.();
    return true;
  }
  end(chunk?: string | Uint8Array | (() => void)) {
    if (chunk && typeof chunk !== 'function') this.write(chunk);
    this.writableEnded = true;
    this.done({ status: this.statusCode, headers: this.headers, body: Buffer.concat(this.chunks) });
    this.emit('finish');
    this.emit('close');
    return this;
  }
  destroy(err?: Error) {
    this.done(err ?? new Error('the storefront gave up on the page'));
    this.emit('close');
    return this;
  }
}

/**
 * Renders `pathAndQuery` with the storefront as an anonymous visitor would see it: a request
 * with no cookie, no credentials and no header of the visitor's, so what is cached can hold
 * nothing of any one visitor. Answers 'next' when the path is one of the storefront's files.
 */
export function renderAnonymously(
  storefront: NodeHandler,
  pathAndQuery: string,
  host: string,
): Promise<Rendered | 'next'> {
  return new Promise((resolve, reject) => {
    const socket = Object.assign(new EventEmitter(), {
      encrypted: false,
      destroyed: false,
      remoteAddress: '127.0.0.1',
    });
    const req = Object.assign(new EventEmitter(), {
      url: pathAndQuery,
      method: 'GET',
      headers: { host, accept: 'text/html' },
      socket,
    });
    let settled = false;
    const res = new CapturedResponse(req, (result) => {
      if (settled) return;
      settled = true;
      if (result instanceof Error) reject(result);
      else resolve(result);
    });
    const asHttp = [req, res] as unknown as [http.IncomingMessage, http.ServerResponse];
    Promise.resolve(storefront(...asHttp, () => res.emit('next'))).catch((err: unknown) =>
      res.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    res.once('next', () => {
      if (!settled) {
        settled = true;
        resolve('next');
      }
    });
  });
}
