import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

// Serves one fixture website from tests/fixtures/sites/<name>/ on 127.0.0.1 (an ephemeral port) and
// records every path requested, so a test can assert that a page was never fetched.
// `/` serves index.html, `/x` serves x.html or x/index.html; `{{origin}}` in files becomes the server's
// origin. An optional _site.json adds behaviours by path:
//   status: {path: code}  delay: {path: ms}  redirect: {path: location}  contentType: {path: type}
//   encoding: {path: 'latin1'} (re-encode the UTF-8 file)  generate: {path: 'huge'}  gzip: [paths]

export const SITES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sites');

type Manifest = {
  status?: Record<string, number>;
  delay?: Record<string, number>;
  redirect?: Record<string, string>;
  contentType?: Record<string, string>;
  encoding?: Record<string, 'latin1'>;
  generate?: Record<string, 'huge'>;
  gzip?: string[];
};

export type SiteServer = {
  name: string;
  origin: string; // http://127.0.0.1:PORT
  url: string; // origin + '/'
  requests: string[]; // paths (with query) in arrival order
  userAgents: string[];
  saw(path: string): boolean;
  close(): Promise<void>;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.json': 'application/json',
  '.pdf': 'application/pdf', '.png': 'image/png', '.xml': 'application/xml',
  '.jpg': 'image/jpeg', '.webp': 'image/webp', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
};

export const HUGE_TAIL = 'TAIL-MARKER-9981';
function hugePage(): Buffer {
  const line = '<p>Minor fixes and small improvements to stability, speed and the look of a few screens.</p>\n';
  const head = '<!doctype html><html><head><title>Changelog</title></head><body><h1>Changelog</h1><p>Version 1.0 shipped the first public release.</p>\n';
  return Buffer.from(head + line.repeat(Math.ceil((3 * 1024 * 1024) / line.length)) + `<p>${HUGE_TAIL}</p></body></html>`);
}

function findFile(dir: string, path: string): string | null {
  const clean = decodeURIComponent(path).replace(/\/+$/, '') || '/';
  if (clean.includes('..')) return null;
  const candidates = clean === '/' ? ['index.html'] : [clean.slice(1), `${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`];
  for (const c of candidates) {
    const f = join(dir, c);
    if (existsSync(f) && statSync(f).isFile() && !c.startsWith('_')) return f;
  }
  return null;
}

// `host` picks another loopback address (127.0.0.2…): two fixture sites on different hosts are two websites,
// as the directory tells websites apart by host name, not port.
export async function serveSite(name: string, host = '127.0.0.1'): Promise<SiteServer> {
  const dir = join(SITES_DIR, name);
  const manifestFile = join(dir, '_site.json');
  const m: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const requests: string[] = [];
  const userAgents: string[] = [];
  let origin = '';
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    requests.push(`${path}${url.search}`);
    userAgents.push(String(req.headers['user-agent'] ?? ''));
    if (m.delay?.[path]) await new Promise((r) => setTimeout(r, m.delay![path]));
    if (res.destroyed) return;
    if (m.redirect?.[path]) {
      res.writeHead(302, { location: m.redirect[path].replace('{{origin}}', origin) }).end();
      return;
    }
    let body: Buffer | null = null;
    let type = 'text/html; charset=utf-8';
    if (m.generate?.[path] === 'huge') body = hugePage();
    else {
      const file = findFile(dir, path);
      if (file) {
        type = TYPES[extname(file)] ?? 'application/octet-stream';
        const raw = readFileSync(file);
        body = type.startsWith('text/') || type === 'application/xml' ? Buffer.from(raw.toString('utf8').replaceAll('{{origin}}', origin)) : raw;
        if (m.encoding?.[path] === 'latin1') {
          body = Buffer.from(body.toString('utf8'), 'latin1');
          type = 'text/html'; // no charset: the page's own <meta charset> must be honoured
        }
      }
    }
    const status = m.status?.[path] ?? (body ? 200 : 404);
    if (m.contentType?.[path]) type = m.contentType[path];
    if (!body) body = Buffer.from(`<!doctype html><title>Not found</title><h1>Not found</h1>`);
    const headers: Record<string, string> = { 'content-type': type };
    if (m.gzip?.includes(path) && /gzip/.test(String(req.headers['accept-encoding']))) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    name, origin, url: `${origin}/`, requests, userAgents,
    saw: (p) => requests.some((r) => r === p || r.startsWith(`${p}?`)),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
