import type http from 'node:http';

/** The largest request body the API reads (the biggest is a seller's batch of 5,000 keys). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** An admin's product picture upload: up to 5 MB of picture as base64 (`ProductImageUploadSchema`). */
export const MAX_UPLOAD_BODY_BYTES = 8 * 1024 * 1024;
const UPLOAD_PATH = /^\/api\/admin\/products\/[^/]+\/images$/;

/** The largest body a request to `path` (from `/api`, without the query) may carry. */
export const maxBodyBytes = (path: string): number =>
  UPLOAD_PATH.test(path) ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;

/**
 * Whether a request's body is left on the connection for the app to stream: one that may be
 * larger than any other route takes (a picture upload declaring over `MAX_BODY_BYTES`, or not
 * declaring its length). The app reads it only after the route's guard has let the caller in
 * (`mountRoutes` puts the guard before the body's check), so a guest cannot make the server
 * hold 8 MB; everything else is read first, as `readBodyFirst` says.
 */
const readAfterGuard = (req: http.IncomingMessage, limit: number): boolean =>
  limit > MAX_BODY_BYTES && !(Number(req.headers['content-length']) <= MAX_BODY_BYTES);

/** Past this much, a refused body is not read to its end: the connection is closed instead. */
const MAX_DISCARDED_BYTES = 16 * MAX_BODY_BYTES;

type NodeListener = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/**
 * Reads a request's whole body off the connection before the app sees it, so an answer given
 * without reading it (a 401 from the guard, a 400 from the body limit) leaves the keep-alive
 * connection ready for the next request. Without this, @hono/node-server answers first and then
 * tries to drain the rest behind the body stream it had opened, which pauses itself: after
 * 500 ms it closes the socket, and a client that has sent its next request on it sees
 * "other side closed". The body is handed over as `rawBody`, which @hono/node-server reads
 * instead of the socket; past its limit (`maxBodyBytes`) only the first bytes are kept (the body limit
 * refuses it either way), and past `MAX_DISCARDED_BYTES` reading stops and the answer closes
 * the connection, which HTTP allows and the client is told of. A large upload's body is the
 * exception (`readAfterGuard`): nobody but an admin gets it read. However slow the body,
 * Node's request timeout (`REQUEST_TIMEOUT_MS` in http-server.ts) cuts it with a 408.
 */
export function readBodyFirst(listener: NodeListener): NodeListener {
  return (req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.readableEnded) {
      return listener(req, res);
    }
    const limit = maxBodyBytes((req.url ?? '').split('?', 1)[0]!);
    if (readAfterGuard(req, limit)) {
      // An answer given before the body is read (a 401, a 403) leaves the rest of the body on
      // the connection, so that answer closes it; uploads are rare (an admin's pictures).
      res.shouldKeepAlive = false;
      return listener(req, res);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let handedOver = false;
    const handOver = () => {
      if (handedOver) return;
      handedOver = true;
      req.off('data', onData);
      (req as http.IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks);
      void listener(req, res);
    };
    const onData = (chunk: Buffer) => {
      // Kept until past the limit, so the body limit sees a body too large and refuses it.
      if (size <= limit) chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_DISCARDED_BYTES) {
        req.pause();
        res.shouldKeepAlive = false;
        handOver();
      }
    };
    req.on('data', onData);
    req.once('end', handOver);
    // A client that goes away mid-body gets no answer: there is nobody to read it.
  };
}
