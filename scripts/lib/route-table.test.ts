// docs/architecture.md "Routes" is kept by hand; this keeps it complete: every route the
// function's routers declare must have its row (method and path; `{name}` for any parameter).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './env.ts';

const normalise = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .replace(/\{[^}]*\}|:\w+/g, '{}')
    .replace(/\/+$/, '') || '/';

function declaredRoutes(): string[] {
  const app = readFileSync(resolve(ROOT, 'functions/src/http/app.ts'), 'utf8');
  const prefixOf = new Map<string, string>();
  for (const [, prefix, rest] of app.matchAll(/api\.use\('([^']+)',(.*)\);/g)) {
    for (const [, name] of (rest ?? '').matchAll(/(\w+Router)\(\)/g)) prefixOf.set(name ?? '', `/api${prefix}`);
  }
  for (const [, name] of app.matchAll(/app\.use\((\w+Router)\(\)\)/g)) prefixOf.set(name ?? '', '');
  const routes: string[] = [];
  const dir = resolve(ROOT, 'functions/src/http/routes');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(resolve(dir, file), 'utf8');
    for (const block of source.split(/export function /).slice(1)) {
      const name = /^(\w+)\(/.exec(block)?.[1] ?? '';
      const prefix = prefixOf.get(name);
      if (prefix === undefined) continue;
      for (const [, method, path] of block.matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']*)'/g)) {
        routes.push(`${(method ?? '').toUpperCase()} ${normalise(`${prefix}${path}`)}`);
      }
    }
  }
  return routes;
}

function documentedRoutes(): Set<string> {
  const doc = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
  const rows = doc.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| ([^ |]+) \|/gm);
  return new Set([...rows].map(([, method, path]) => `${method} ${normalise(path ?? '')}`));
}

describe('docs/architecture.md "Routes"', () => {
  it('has a row for every route of the function', () => {
    const declared = declaredRoutes();
    expect(declared.length).toBeGreaterThan(50);
    const documented = documentedRoutes();
    expect(declared.filter((route) => !documented.has(route))).toEqual([]);
  });
});
