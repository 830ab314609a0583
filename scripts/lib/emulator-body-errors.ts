import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './env.js';

const RUNTIME = resolve(ROOT, 'node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime.js');
const MARKER = '/* bagshop: body-parser errors as JSON */';
const ANCHOR = `    app.use(bodyParser.raw({
        type: "*/*",
        limit: bodyParserLimit,
        verify: rawBodySaver,
    }));
`;
const HANDLER = `    ${MARKER}
    app.use((err, req, res, next) => {
        if (!err || typeof err.type !== "string" || !err.type.startsWith("entity.")) return next(err);
        const tooLarge = err.type === "entity.too.large";
        res.status(tooLarge ? 413 : 400).json({ success: false, message: tooLarge ? "Request body is too large" : "Request body is not valid JSON" });
    });
`;

/**
 * The Functions emulator parses request bodies before our express app runs (as
 * functions-framework does in production), and answers a malformed JSON body with express's
 * default HTML error page, stack trace included; our app never sees the request. This adds one
 * error handler after the emulator's body parsers so such a request gets the API's own
 * `{ success: false, message }` 400 (docs/api-accounts.md). Idempotent; warns if firebase-tools changed.
 */
export function patchEmulatorBodyErrors(): void {
  if (!existsSync(RUNTIME)) return;
  const source = readFileSync(RUNTIME, 'utf8');
  if (source.includes(MARKER)) return;
  if (!source.includes(ANCHOR)) {
    console.warn('Note: could not add the JSON body-error handler to the Functions emulator (firebase-tools changed?).');
    return;
  }
  writeFileSync(RUNTIME, source.replace(ANCHOR, ANCHOR + HANDLER));
}
