// Entry point for the npm scripts: on a fresh clone it installs the dependencies first
// (plain JavaScript, because tsx itself comes from that install), then runs the named
// TypeScript script with tsx. Ctrl-C reaches the whole process group; we just wait.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lock = resolve(root, 'package-lock.json');
const installed = resolve(root, 'node_modules/.package-lock.json');

if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000) {
  console.log('▶ Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const [script, ...args] = process.argv.slice(2);
const child = spawn(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, script), ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 0)));
