import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Test files run without module isolation (vitest's `isolate: false`): the files a worker runs share one module
// registry, so the app's module graph is imported once per worker rather than once per file. Importing it took
// 3–5 s of a worker's time per file that starts the app, about a third of the suite's time on two cores.
// A file that replaces a module (vi.mock, vi.doMock) needs the module imported afresh after its mock, so those run
// in a project of their own, isolated as before. Nothing else a file does may outlive it: each test file starts its
// own app on its own database, and what a module keeps is kept per database (storage/per-database.ts).
const mocksModules = (file: string) => /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(readFileSync(file, 'utf8'));

// The test files under these folders that replace a module.
export function filesMockingModules(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f))
    .filter(mocksModules));
}
