import autocannon from 'autocannon';
import { prepareEmulators, startEmulators, waitForApi } from '../../scripts/lib/emulators.ts';
import { emulatorEnv, HOSTING_URL, PORTS } from '../../scripts/lib/env.ts';
import { seed } from '../../scripts/seed.ts';

const quiet = process.argv.includes('--quiet');
function run(url: string, connections: number, duration = 8) {
  return new Promise<void>((done) => {
    const lat: number[] = [];
    const inst = autocannon({ url, connections, duration }, (_e, r) => {
      lat.sort((a, b) => a - b);
      const p = (q: number) => lat[Math.ceil(q * lat.length) - 1];
      console.log(`${url} x${connections}: ${(lat.length / duration).toFixed(0)} rps p50 ${p(0.5)} p95 ${p(0.95)} p99 ${p(0.99)} err ${r.errors} non2xx ${r.non2xx}`);
      done();
    });
    inst.on('response', (_c, _s, _b, t) => lat.push(t));
  });
}
const env = await prepareEmulators();
const emu = startEmulators({ ...env, CATALOG_CACHE_MS: '3000' }, { persist: false, logVerbosity: quiet ? 'QUIET' : undefined });
try {
  await waitForApi();
  for (const [k, v] of Object.entries(emulatorEnv())) process.env[k] ??= v;
  await seed({ force: true });
  const direct = `http://127.0.0.1:${PORTS.functions}/demo-bagshop/asia-south1/api/api`;
  for (let k = 5; k <= 50; k += 5) await Promise.all(Array.from({ length: k }, () => fetch(`${HOSTING_URL}/api/products`).then((r) => r.arrayBuffer())));
  await run(`${HOSTING_URL}/api/products`, 50, 4);
  for (const c of [10, 50]) {
    await run(`${HOSTING_URL}/api/health`, c);
    await run(`${HOSTING_URL}/api/products`, c);
    await run(`${direct}/products`, c);
  }
} finally {
  emu.child.kill('SIGINT');
  await emu.exited;
}
process.exit(0);
