import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Runs the operator CLI as `npm run admin -- …` does (tsx cli/admin.ts) against the database given: tsx's loader
// in a node process of its own. Not through npx or tsx's own launcher, each of which starts one more process first
// (a second per run on a busy machine, over some forty runs).
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export type CliResult = { code: number | null; stdout: string; stderr: string };

export const runAdminCli = (env: Record<string, string>, args: string[]): Promise<CliResult> => runCommand(process.execPath, ['--import', 'tsx', 'cli/admin.ts', ...args], env);

// Any command of the project, from its root, with these variables added; resolves with what it printed.
export function runCommand(command: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
