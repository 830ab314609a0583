// After `react-router build`: the server build (dist/server, self-contained) goes next to the
// function bundle, which renders the shop's pages with it (functions/src/http/routes/pages.ts).
import { cpSync, rmSync } from 'node:fs';

const from = new URL('./dist/server/', import.meta.url);
const to = new URL('../functions/lib/web/server/', import.meta.url);
rmSync(to, { recursive: true, force: true });
// What the build wrote there before framework mode (decision 0020's renderer and shell).
rmSync(new URL('../functions/lib/web/prerender/', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../functions/lib/web/shell.html', import.meta.url), { force: true });
cpSync(from, to, { recursive: true });
