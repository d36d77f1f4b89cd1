import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';

// Reading a POST body through the web Request that @hono/node-server builds costs a ReadableStream per
// request; straight from Node's IncomingMessage it is a few chunks. Bodies over `limit` bytes give null:
// a declared Content-Length over it is refused unread, a streamed body is buffered up to the limit only.
export async function readBodyBytes(c: Context, limit: number): Promise<Buffer | null> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && preRead.has(incoming)) {
    const bytes = preRead.get(incoming)!;
    return bytes && bytes.length <= limit ? bytes : null;
  }
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!incoming || incoming.readableEnded || c.req.raw.bodyUsed) {
    // Not served by Node (app.request in a test) or already read: Hono's own reader.
    const bytes = Buffer.from(await c.req.arrayBuffer());
    return bytes.length > limit ? null : bytes;
  }
  return readCapped(incoming, limit);
}

// Bodies a lane on Node's request (transport/mcp-front.ts) read before handing the request on to the app: null
// when the body was over that lane's limit.
const preRead = new WeakMap<IncomingMessage, Buffer | null>();

// Reads a request's body on Node's own request, up to `limit` bytes (null past it), and keeps it for the app.
export async function readIncomingBody(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(incoming.headers['content-length']);
  const bytes = Number.isFinite(declared) && declared > limit ? null : await readCapped(incoming, limit);
  preRead.set(incoming, bytes);
  return bytes;
}

// Over the limit, the rest of the upload is read and dropped (not buffered) rather than the socket torn
// down, so the client still gets its 413 answer on a connection that stays usable.
function readCapped(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      over = true;
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => {
      cleanup();
      if (!over) resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      if (!over) reject(err);
    };
    const onClose = () => {
      cleanup();
      if (!over) reject(new Error('The client closed the connection before the request body was complete.'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

export async function readBodyText(c: Context, limit: number): Promise<string | null> {
  const bytes = await readBodyBytes(c, limit);
  return bytes === null ? null : bytes.toString('utf8');
}

// Caps request bodies before any handler parses them (c.req.text(), json(), parseBody() read none of their
// own limits). The body is read here once and left in Hono's body cache, so handlers read it as usual.
// `limitFor` returns the cap for a request, or null to leave its body alone (oidc-provider reads its own).
export function bodyLimit(limitFor: (c: Context) => number | null, tooLarge: (c: Context, limit: number) => Response): MiddlewareHandler {
  return async (c, next) => {
    const limit = limitFor(c);
    if (limit === null) return next();
    const bytes = await readBodyBytes(c, limit);
    if (bytes === null) return tooLarge(c, limit);
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    cache.arrayBuffer = Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    cache.text = Promise.resolve(bytes.toString('utf8'));
    return next();
  };
}
