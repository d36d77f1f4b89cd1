import { build, type Plugin } from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm start` runs the server from plain JavaScript built here, not through tsx. tsx compiles each TypeScript file
// as it is imported, in a loader thread with a V8 heap of its own, and the main heap keeps each module's source with
// its inline source map: at 100,000 listings the server's resident memory was ~75 MB higher under tsx than the
// same code bundled (130 against 55 MB once the app's modules were loaded, before serving anything). esbuild (tsx's
// own compiler) bundles the app's sources in about a second; packages stay in node_modules, loaded as they are.
//
// A build goes to dist/<hash of its output>/ and dist/<name>.js names the newest one. Several processes may start
// at once on one machine (README, "Run on several processes"): each writes its build into a directory of its own
// and renames it into place (a directory that already exists holds the same files, since its name is their hash),
// then replaces the small entry file by a rename too. A process never reads a file that is still being written,
// and one that runs an older build keeps it (its lazily loaded parts, the crawler's, included): a build is removed
// once no process has started from it for a day (`npm start` touches the one it runs).

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
const KEEP_OLD_BUILDS_MS = 24 * 60 * 60 * 1000;

// `import.meta.url` in a bundle would name the bundle's chunk; each source file keeps its own (the migrations are
// found next to storage/migrate.ts, and createRequire resolves from the file that calls it).
const ownModuleUrls: Plugin = {
  name: 'own-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path)),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

// Builds `entry` (a path from the project root) and returns the file to run: <dist>/<name>.js.
export async function buildEntry(entry: string, name: string, dist = DIST): Promise<string> {
  const out = await build({
    entryPoints: { [name]: join(ROOT, entry) }, bundle: true, platform: 'node', format: 'esm', target: 'node20',
    packages: 'external', splitting: true, sourcemap: 'linked', write: false, outdir: join(dist, 'build'),
    plugins: [ownModuleUrls], logLevel: 'warning',
  });
  const hash = createHash('sha256');
  for (const f of [...out.outputFiles].sort((a, b) => a.path.localeCompare(b.path))) hash.update(f.path).update(f.contents);
  const id = hash.digest('hex').slice(0, 16);
  const final = join(dist, id);
  if (!(await exists(final))) {
    const temp = join(dist, `.tmp-${process.pid}-${randomUUID()}`);
    for (const f of out.outputFiles) {
      const path = join(temp, relative(join(dist, 'build'), f.path));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, f.contents);
    }
    try {
      await rename(temp, final);
    } catch (e) {
      // Another process renamed the same build into place first.
      await rm(temp, { recursive: true, force: true });
      if (!(await exists(final))) throw e;
    }
  }
  const launcher = join(dist, `${name}.js`);
  const text = `// Written by cli/build.ts: the newest build of ${entry}.\nimport './${id}/${name}.js';\n`;
  // An image built beforehand (`npm run build` in the Dockerfile) may be started on a read-only file system: the same
  // build is then already in place, and nothing needs writing.
  if ((await readFile(launcher, 'utf8').catch(() => '')) === text) {
    const now = new Date();
    await utimes(final, now, now).catch(() => {});
    return launcher;
  }
  const now = new Date();
  await utimes(final, now, now);
  const tempLauncher = `${launcher}.${randomUUID()}.tmp`;
  await writeFile(tempLauncher, text);
  await rename(tempLauncher, launcher);
  await removeOldBuilds(dist, id);
  return launcher;
}

async function exists(path: string): Promise<boolean> {
  return await stat(path).then(() => true, () => false);
}

async function removeOldBuilds(dist: string, current: string): Promise<void> {
  for (const entry of await readdir(dist, { withFileTypes: true })) {
    // A build, or what a start that died left half written.
    if (!entry.isDirectory() || entry.name === current) continue;
    const path = join(dist, entry.name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > KEEP_OLD_BUILDS_MS) await rm(path, { recursive: true, force: true });
  }
}

// `tsx cli/build.ts [entry name]`: the server by default (what `npm start` runs next).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [entry = 'transport/server.ts', name = 'server'] = process.argv.slice(2);
  await buildEntry(entry, name);
}
