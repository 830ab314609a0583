// The Content-Security-Policy of the shop's pages (docs/security.md). The function sets it on
// every page it renders, with that response's nonce for the framework's inline scripts
// (functions/src/http/routes/pages.ts; docs/decisions/0034-react-router-framework-mode.md).

/** Production, or the emulators (their Auth and Firestore hosts, `host:port`, in connect-src). */
export type CspTarget = { kind: 'production' } | { kind: 'local'; authHost: string; firestoreHost: string };

/** What the app talks to besides itself: Firebase Auth and Firestore, or their emulators. */
function connectSources(target: CspTarget): string[] {
  if (target.kind === 'local') return [`http://${target.authHost}`, `http://${target.firestoreHost}`];
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://firestore.googleapis.com'];
}

/**
 * The policy. `scripts`: the page's own inline-script sources (`'nonce-…'`). In production Google
 * sign-in's popup loads gapi from apis.google.com and frames the auth domain, which must be the
 * shop's own (README, deploy); the phone check loads and frames Google's reCAPTCHA. Styles allow
 * 'unsafe-inline': Mantine writes style attributes and <style> elements at run time. Scripts
 * never do: no 'unsafe-inline', no 'unsafe-eval'.
 */
export function contentSecurityPolicy(target: CspTarget, scripts: readonly string[] = []): string {
  const production = target.kind === 'production';
  const recaptchaScripts = production ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const recaptchaFrames = production ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts, ...(production ? ['https://apis.google.com'] : []), ...recaptchaScripts]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...connectSources(target)]],
    ['frame-src', ["'self'", ...recaptchaFrames]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The directive's sources, from a policy string (for checks and tests). */
export function directive(policy: string, name: string): string[] {
  for (const part of policy.split(';')) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key === name) return values;
  }
  return [];
}
