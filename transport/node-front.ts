import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'hono';
import { getRequestListener } from '@hono/node-server';
import type { RateDecision } from '../rest-adapter/rate-limit';

// A lane that may answer a request on Node's own request and response, before @hono/node-server turns it into a
// fetch Request and Hono routes it through the app (transport/prepared-reads.ts, transport/mcp-front.ts). It returns
// false to leave the request to the app at once, or true when it has taken it; a request it has taken and then
// declines (before writing anything) goes to the app through `handOver`, with the rate decision it already took for
// it, if any, so that the app charges the request once.
export type NodeFront = (req: IncomingMessage, res: ServerResponse, handOver: (decision?: RateDecision) => void) => boolean;

// Requests a front handed on, with its rate decision (null: none taken).
const handedOver = new WeakMap<IncomingMessage, RateDecision | null>();

// For the app's lanes: undefined when no front took this request, else the decision the front took (null: none).
export function handedOverBy(c: Context): RateDecision | null | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? handedOver.get(incoming) : undefined;
}

type Fetch = Parameters<typeof getRequestListener>[0];

// Node's request listener for the app: the fronts first, then the app as @hono/node-server serves it.
export function appRequestListener(fetch: Fetch, fronts: NodeFront[], hostname?: string) {
  const app = getRequestListener(fetch, { hostname });
  return (req: IncomingMessage, res: ServerResponse): void => {
    const handOver = (decision?: RateDecision) => {
      handedOver.set(req, decision ?? null);
      void app(req, res);
    };
    for (const front of fronts) {
      let taken = false;
      try {
        taken = front(req, res, handOver);
      } catch {
        // A front's own fault must not take the request down with it: the app answers it.
      }
      if (taken) return;
    }
    void app(req, res);
  };
}

// An answer's body: one piece, or pieces sent one after the other (a part kept for many answers and a request's own).
export type Body = string | Uint8Array | readonly (string | Uint8Array)[];

const lengthOf = (piece: string | Uint8Array) => (typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength);

// A body's pieces in one buffer (to compress whole, or for a fetch Response); bytes are not copied piece by piece.
export function bodyBytes(pieces: readonly (string | Uint8Array)[]): Buffer {
  return Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
}

// Writes a front's answer: its status and headers with the body's length, then the body (none for a 304). Pieces go
// out in one system call with the head: Node corks the socket from the first write until the end.
export function sendAnswer(res: ServerResponse, status: number, headers: Record<string, string>, body: Body | null): void {
  const pieces = body === null ? [] : typeof body === 'string' || body instanceof Uint8Array ? [body] : body;
  if (body !== null) headers['content-length'] = String(pieces.reduce((n, piece) => n + lengthOf(piece), 0));
  res.writeHead(status, headers);
  for (let i = 0; i < pieces.length - 1; i++) res.write(pieces[i]);
  res.end(pieces[pieces.length - 1]);
}

// Serves a request listener on host:port (0: any free port); resolves once it listens.
export function listen(listener: (req: IncomingMessage, res: ServerResponse) => void, port: number, hostname: string): Promise<{ server: Server; port: number; address: string }> {
  const server = createServer(listener);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      const info = server.address() as AddressInfo;
      resolve({ server, port: info.port, address: info.address });
    });
  });
}
