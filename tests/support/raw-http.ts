import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TestApp } from '../harness';

// A request sent with exactly the headers given (fetch adds its own Accept-Encoding and more), and the answer as it
// came: status, headers by lower-case name, the body's bytes as sent. For the tests that compare two paths of the
// app header for header.
export type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

export function raw(app: TestApp, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const url = new URL(path, app.url);
  return rawTarget(app, url.pathname + url.search, headers, method);
}

// The same with the request-target sent as written, unresolved: dot segments, percent-encoding and all.
export function rawTarget(app: TestApp, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ method, host: url.hostname, port: url.port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The body as text, decoded from its Content-Encoding.
export const decoded = (r: Raw): string => {
  const enc = r.headers['content-encoding'];
  return (enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');
};
