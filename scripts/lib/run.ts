import { spawn, type SpawnOptions } from 'node:child_process';
import { ROOT } from './env.js';

/** Runs a command, inheriting output; resolves with its exit code. */
export function run(cmd: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrThrow(cmd: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

export function step(title: string): void {
  console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
}
