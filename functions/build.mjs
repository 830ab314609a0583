// Bundles the function (and the @bagshop/domain source it imports) into lib/index.js,
// so `firebase deploy` uploads a plain package with no workspace links.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// The invoice PDFs embed these fonts; they are read at run time from functions/assets, which
// `firebase deploy` uploads with lib/ (firebase.json ignores only src and build files).
for (const font of ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf']) {
  if (!existsSync(new URL(`./assets/fonts/${font}`, import.meta.url))) throw new Error(`functions/assets/fonts/${font} is missing`);
}
