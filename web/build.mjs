// `npm run build -w web`: the framework's build twice (the first only to learn which modules the
// public pages load: publicChunks in vite.config.ts), then the server build next to the function.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pkg = createRequire(import.meta.url).resolve('@react-router/dev/package.json');
const cli = join(dirname(pkg), 'bin.js');

const run = (env) => {
  const r = spawnSync(process.execPath, [cli, 'build'], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run({ BAGSHOP_CHUNK_PLAN: 'write' });
run({ BAGSHOP_CHUNK_PLAN: 'use' });
await import('./copy-server.mjs');
