import type { Config } from '@react-router/dev/config';

// React Router framework mode (docs/decisions/0034-react-router-framework-mode.md): the route
// modules in src/app/routes.ts, rendered on the server by the function (category, search,
// product, home and information pages) and hydrated in the browser. Build: dist/client (what
// Hosting serves) and dist/server (copied next to the function bundle by scripts/lib/build.ts).
export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  ssr: true,
  // The whole route manifest ships with the build: no `/__manifest` requests to the function.
  routeDiscovery: { mode: 'initial' },
  // Vite's environments: the server build's entry is set on the `ssr` environment (web/vite.config.ts).
  future: { v8_viteEnvironmentApi: true },
} satisfies Config;
