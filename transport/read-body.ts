import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

// Reading a POST body through the web Request that @hono/node-server builds costs a ReadableStream per
// request; straight from Node's IncomingMessage it is a few chunks. Bodies over `limit` bytes give null.
export async function readBodyText(c: Context, limit: number): Promise<string | null> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || c.req.raw.bodyUsed) {
    const text = await c.req.text();
    return Buffer.byteLength(text) > limit ? null : text;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
