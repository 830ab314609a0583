// docs/architecture.md "Where things live" names the back end's folders and files: this keeps
// the page true to the tree, both ways (no folder left out, no name that is not there).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './env.ts';

const SRC = resolve(ROOT, 'functions/src');

function section(): string {
  const doc = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('## Where things live');
  const block = doc.slice(start, doc.indexOf('web/src/ ', start));
  return block.slice(block.indexOf('functions/src/'));
}

/** `name/` entries at the start of a line or after a "·", and the words listed after them. */
function documentedFolders(text: string): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  let current: string | undefined;
  for (const line of text.split('\n').slice(1)) {
    for (const part of line.split(' · ')) {
      const named = /^\s*([a-z-]+)\/\s+(.*)$/.exec(part);
      if (named?.[1] && line.startsWith('  ') && !line.startsWith('                   ')) current = named[1];
      else if (named?.[1] && part !== line) current = named[1];
      else if (named?.[1] && /^(http|lib)$/.test(named[1])) current = named[1];
      const words = (named ? named[2] : part) ?? '';
      if (!current) continue;
      const list = folders.get(current) ?? [];
      list.push(
        ...words
          .replace(/\([^)]*\)/g, ' ')
          .split(/[\s,]+/)
          .filter((word) => /^[a-z][a-z0-9-]*$/.test(word)),
      );
      folders.set(current, list);
    }
  }
  return folders;
}

const domains = () =>
  readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['http', 'lib'].includes(entry.name))
    .map((entry) => entry.name)
    .sort();

const modules = (folder: string) =>
  readdirSync(resolve(SRC, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
    .map((file) => file.replace(/\.ts$/, ''));

describe('docs/architecture.md "Where things live"', () => {
  const documented = documentedFolders(section());

  it('names every domain folder of functions/src, and only folders that exist', () => {
    const named = [...documented.keys()].filter((name) => !['http', 'lib'].includes(name)).sort();
    expect(named).toEqual(domains());
  });

  it('names every module of each domain', () => {
    for (const domain of domains()) {
      const words = new Set(documented.get(domain) ?? []);
      expect({ domain, missing: modules(domain).filter((module) => !words.has(module)) }).toEqual({ domain, missing: [] });
    }
  });
});
