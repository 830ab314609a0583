import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './nonce';

export const streamTimeout = 5_000;

/**
 * The server's HTML for a request (docs/decisions/0034-react-router-framework-mode.md): the
 * whole page at once (`onAllReady`: no streamed Suspense boundaries, so the only inline scripts
 * are the framework's hydration data and entry), with the response's CSP nonce on each.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce;
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every Suspense boundary in line, where it belongs: React otherwise moves a large one
        // to the end of the body and reveals it with a script, which a page without JavaScript
        // never runs (the form would stay hidden).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
