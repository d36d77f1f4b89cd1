import type { ServerType } from '@hono/node-server';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';

// Requests Node refuses before the app sees them (a malformed request line, headers over the size limit) get
// Node's own answer: a status line and no body. Answer problem+json instead, like every other error.
const STATUS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are larger than the server accepts.'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP.'];

export function answerClientErrors(server: ServerType, siteUrl: string): void {
  (server as import('node:http').Server).on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, title, detail] = STATUS[err.code ?? ''] ?? BAD_REQUEST;
    const code = status === 431 ? 'headers_too_large' : 'bad_request';
    const body = JSON.stringify({ type: `${siteUrl}/docs/api#error-${code}`, title, status, detail, code, request_id: randomUUID() });
    socket.end(`HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
