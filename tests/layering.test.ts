import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// The layers read one way: transport, rest-adapter and site → tools → domain and storage; jobs and auth sit beside
// tools (tools reach jobs only through the port in tools/job-port.ts). This test reads every source file's relative
// imports (static, re-exports and dynamic import()) and fails with the list of file → import pairs that break the
// table below. TypeScript's own pre-processor finds the imports, so comments and strings that look like imports
// are not counted.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const LAYERS = ['domain', 'storage', 'crawler', 'auth', 'jobs', 'tools', 'app-context', 'rest-adapter', 'site', 'transport', 'cli'] as const;
type Layer = (typeof LAYERS)[number];

// What each top-level folder may import besides itself.
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  domain: [], // pure rules: no I/O, no schema, nothing above
  storage: ['domain'],
  crawler: ['domain'],
  auth: ['domain', 'storage'],
  jobs: ['domain', 'storage', 'crawler'], // jobs/port.ts conforms to tools' JobPort structurally, without importing it
  tools: ['domain', 'storage', 'auth'],
  // The application context both site/ and transport/ read (see app-context/index.ts): tools' port types, nothing above.
  'app-context': ['domain', 'storage', 'tools'],
  'rest-adapter': ['tools', 'domain', 'auth', 'app-context'],
  site: ['tools', 'domain', 'auth', 'app-context'],
  transport: ['domain', 'storage', 'crawler', 'auth', 'jobs', 'tools', 'app-context', 'rest-adapter', 'site'], // composes everything but the CLI
  cli: ['domain', 'storage', 'crawler', 'auth', 'jobs', 'tools', 'app-context', 'rest-adapter', 'site', 'transport'],
};

// Arrows the table forbids that stay, each for the reason given. `to` is a path prefix of the imported module.
// A listed exception that no file uses any more fails the test, so this list only shrinks.
type Exception = { from: string; to: string; why: string };
const SITE_READS_STORAGE = 'pages and forms that read or write records no tool exposes (sessions, API keys, OAuth grants, settings, sitemap, view counts, …); moving each behind a tool is a change of its own';
const EXCEPTIONS: Exception[] = [
  { from: 'auth/oidc/provider.ts', to: 'crawler/safe-fetch', why: 'client metadata documents (CIMD) are fetched through the same SSRF guard as the crawler; crawler/ imports only domain/, so no cycle' },
  { from: 'tools/claims/verify_claim.ts', to: 'crawler/checks', why: 'the claim proof checks (meta tag, well-known file) are network reads the crawler owns; a port for them is a change of its own' },
  { from: 'tools/claims/verify_claim.ts', to: 'crawler/dns-txt', why: 'the DNS claim proof lookup, as above' },
  { from: 'rest-adapter/idempotency.ts', to: 'storage/', why: 'replayed responses are the adapter\'s own record (MCP uses it too), not a tool operation' },
  { from: 'site/docs/page.tsx', to: 'rest-adapter/openapi', why: 'the API docs page renders the same OpenAPI document the REST adapter serves; rest-adapter/ imports nothing from site/' },
  { from: 'site/checkout/routes.ts', to: 'jobs/', why: 'checkout drives the payment provider and records payments/webhooks in-request; a payments port in the app context is a change of its own' },
  ...[
    'site/account/interaction-routes.ts', 'site/account/routes.ts', 'site/account/views.tsx',
    'site/badges/routes.ts', 'site/checkout/page.tsx', 'site/checkout/routes.ts', 'site/claims/journey-routes.tsx',
    'site/claims/routes.tsx', 'site/community/routes.ts', 'site/community/view.tsx', 'site/invites/profile-form.ts',
    'site/invites/routes.tsx', 'site/logos/routes.ts', 'site/pages/updates.tsx',
    'site/seo/routes.tsx', 'site/submit/routes.tsx', 'site/views/beacon.ts',
  ].map((from) => ({ from, to: 'storage/', why: SITE_READS_STORAGE })),
];

type SourceFile = { path: string; text: string }; // path relative to ROOT, with forward slashes
type Arrow = { from: string; to: string; specifier: string };

const toPosix = (p: string) => p.split(sep).join('/');
const layerOf = (path: string) => path.split('/')[0];
const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourceFilesUnder(dir: string): SourceFile[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && isSource(e.name))
    .map((e) => toPosix(relative(ROOT, join(e.parentPath, e.name))))
    .filter((path) => !path.split('/').includes('node_modules'))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

// Every relative import of a file, resolved to a path from the repository root (no extension lookup needed:
// the first folder and the module path prefix are all the table and the exceptions read).
function arrowsOf(file: SourceFile): Arrow[] {
  const { importedFiles } = ts.preProcessFile(file.text, true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((s) => s.startsWith('./') || s.startsWith('../'))
    .map((specifier) => ({ from: file.path, specifier, to: posix.normalize(posix.join(posix.dirname(file.path), specifier)) }));
}

function isExcepted(a: Arrow, exceptions: readonly Exception[]): Exception | undefined {
  return exceptions.find((e) => a.from === e.from && a.to.startsWith(e.to));
}

// The arrows that break the table, as readable lines, plus the exceptions that were used.
function checkLayers(files: readonly SourceFile[], table: Record<string, readonly string[]>, exceptions: readonly Exception[]) {
  const violations: string[] = [];
  const used = new Set<Exception>();
  for (const file of files) {
    const own = layerOf(file.path);
    for (const a of arrowsOf(file)) {
      const target = layerOf(a.to);
      if (target === own || table[own]?.includes(target)) continue;
      const exception = isExcepted(a, exceptions);
      if (exception) { used.add(exception); continue; }
      violations.push(`${a.from} → ${a.specifier}  (${own} may not import ${target})`);
    }
  }
  return { violations, used };
}

// The files that import one another in a circle (type-only imports count: the payment providers' circle was
// type-only). Tarjan's strongly connected components over the resolved file graph; each cycle sorted, for comparing.
function importCycles(files: readonly SourceFile[]): string[][] {
  const known = new Set(files.map((f) => f.path));
  const resolveFile = (to: string) => [`${to}.ts`, `${to}.tsx`, `${to}/index.ts`, to].find((p) => known.has(p));
  const edges = new Map(files.map((f) => [f.path, arrowsOf(f).map((a) => resolveFile(a.to)).filter((p): p is string => !!p)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f.path)) visit(f.path);
  return cycles;
}

// Circles that stay, each for the reason given.
const KNOWN_CYCLES: { files: string[]; why: string }[] = [
  { files: ['storage/schema/community.ts', 'storage/schema/directory.ts'], why: 'drizzle tables referencing each other\'s keys (listings ↔ users)' },
  { files: ['site/account/interaction-routes.ts', 'site/account/routes.ts'], why: 'type-only: the interaction pages take the account pages\' AccountDeps' },
];

const topFolders = () => readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !['node_modules', 'tests', 'bench', 'data'].includes(e.name))
  .map((e) => e.name)
  .filter((name) => sourceFilesUnder(name).length > 0);

const files = LAYERS.filter((l) => topFolders().includes(l)).flatMap(sourceFilesUnder);
const result = checkLayers(files, MAY_IMPORT, EXCEPTIONS);

describe('layering', () => {
  it('knows every top-level source folder', () => {
    expect(topFolders().filter((f) => !(LAYERS as readonly string[]).includes(f))).toEqual([]);
  });

  it.each(LAYERS.map((l) => [l, MAY_IMPORT[l].join(', ') || 'nothing else'] as const))('%s imports only %s', (layer) => {
    const lines = result.violations.filter((v) => v.startsWith(`${layer}/`));
    expect(lines, `${lines.length} import(s) break the layering:\n  ${lines.join('\n  ')}\n`).toEqual([]);
  });

  it('has no stale exceptions', () => {
    const stale = EXCEPTIONS.filter((e) => !result.used.has(e)).map((e) => `${e.from} → ${e.to}`);
    expect(stale).toEqual([]);
  });

  it('has no import cycles between files but the known ones', () => {
    const known = new Set(KNOWN_CYCLES.map((c) => [...c.files].sort().join(' ↔ ')));
    expect(importCycles(files).map((c) => c.join(' ↔ ')).filter((c) => !known.has(c))).toEqual([]);
  });

  it('finds a cycle, type-only imports included', () => {
    const fake: SourceFile[] = [
      { path: 'jobs/p/provider.ts', text: "import { stripe } from './stripe';\n" },
      { path: 'jobs/p/stripe.ts', text: "import type { Provider } from './provider';\n" },
      { path: 'jobs/p/other.ts', text: "import type { Provider } from './provider';\n" },
    ];
    expect(importCycles(fake)).toEqual([['jobs/p/provider.ts', 'jobs/p/stripe.ts']]);
  });

  it('catches an upward import, a re-export and a dynamic import', () => {
    const fake: SourceFile[] = [
      { path: 'domain/a.ts', text: "import { x } from '../storage/db';\nexport * from '../tools/b';\n" },
      { path: 'storage/c.ts', text: "const m = await import('../tools/d');\nimport { y } from '../domain/e';\n" },
      { path: 'tools/f.ts', text: "// import { z } from '../jobs/queue';\nimport { w } from './g';\n" },
    ];
    expect(checkLayers(fake, MAY_IMPORT, []).violations).toEqual([
      'domain/a.ts → ../storage/db  (domain may not import storage)',
      'domain/a.ts → ../tools/b  (domain may not import tools)',
      'storage/c.ts → ../tools/d  (storage may not import tools)',
    ]);
  });
});
