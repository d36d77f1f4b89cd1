import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small company website on 127.0.0.1 whose homepage and files a claims test changes, as the company would when
// it publishes a meta tag or a verification file.
export type Site = { origin: string; homepage: string; files: Map<string, string>; close(): Promise<void> };

export async function startSite(homepage = '<!doctype html><html><head><title>Home</title></head><body><h1>Welcome</h1></body></html>'): Promise<Site> {
  const site = { homepage, files: new Map<string, string>() };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(site.homepage);
    const file = site.files.get(path);
    if (file !== undefined) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(file);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(site, { origin, close: () => new Promise<void>((r) => server.close(() => r())) });
}
