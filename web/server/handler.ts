// The server build's entry (web/vite.config.ts): the framework's server build, and a request
// handler made with its Express adapter, in one self-contained bundle that the function loads
// (functions/src/http/routes/pages.ts). One copy of React Router serves both, so its classes
// (`data()`, error responses) are recognised on both sides of the handler.
import { createRequestHandler } from '@react-router/express';
import type { PageLoadContext } from '@bagshop/domain';
import type { RequestHandler } from 'express';
import * as build from 'virtual:react-router/server-build';

export * from 'virtual:react-router/server-build';

/** A request handler for the shop's pages; `context(req, res)` gives each request its services and CSP nonce. */
export function pageHandler(
  context: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => PageLoadContext,
): RequestHandler {
  return createRequestHandler({
    build,
    mode: 'production',
    getLoadContext: (req, res) => context(req, res) as never,
  }) as unknown as RequestHandler;
}
