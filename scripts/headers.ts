// npm run headers [-- --check]: writes Hosting's security headers and rewrites (scripts/lib/hosting-headers.ts,
// the rewrites from the table of public routes in domain/src/public-routes.ts) and the emulator
// ports (domain/src/ports.ts) into the committed firebase.json. Run it after changing the table
// of routes or the headers; `--check` only reports whether firebase.json is up to date (exit 1 when not).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOCAL_PORTS } from '../domain/src/ports.ts';
import { ROOT, setEmulatorPorts } from './lib/env.ts';
import { hostingHeaders, hostingRewrites } from './lib/hosting-headers.ts';

const path = resolve(ROOT, 'firebase.json');
const text = readFileSync(path, 'utf8');
const config = JSON.parse(text) as {
  hosting: { headers?: unknown; rewrites?: unknown };
  emulators: Record<string, Record<string, unknown>>;
};
config.hosting.rewrites = hostingRewrites();
config.hosting.headers = hostingHeaders();
setEmulatorPorts(config.emulators, LOCAL_PORTS);
const next = `${JSON.stringify(config, null, 2)}\n`;

if (process.argv.includes('--check')) {
  if (next === text) console.log('✔ firebase.json has the current security headers and emulator ports.');
  else console.error('✖ firebase.json is out of date: run `npm run headers` and commit it.');
  process.exit(next === text ? 0 : 1);
}
writeFileSync(path, next);
console.log(
  next === text
    ? '✔ firebase.json was already up to date.'
    : '✔ Wrote the security headers, rewrites and emulator ports into firebase.json.',
);
