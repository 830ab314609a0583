// `npm run migrate:declarations` (scripts/migrate-declarations.ts, docs/legal-metrology.md
// "Migration and demo data"), run as the script it is against the emulators: products stored
// before `published` existed are published where complete, drafts (listed with what they miss)
// where not; a product that already says `published` is left alone; a second run changes nothing.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api } from '../support/api';
import { TEST_DECLARATIONS, TEST_DIMENSIONS, uniqueName } from '../support/commerce';

function script(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(resolve(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/migrate-declarations.ts', ...args], {
      cwd: process.cwd(),
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/** A product document as stored before `published` existed (no such field). */
function legacy(name: string, fields: Record<string, unknown>) {
  const now = new Date();
  return {
    name,
    description: 'Stored before the Legal Metrology rule',
    price: 2500,
    discount: 0,
    category: 'duffles',
    stock: 3,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

describe('npm run migrate:declarations', () => {
  const { db } = admin();
  const complete = db.collection('products').doc();
  const incomplete = db.collection('products').doc();
  const decided = db.collection('products').doc();
  const names = {
    complete: uniqueName('Old Complete Holdall'),
    incomplete: uniqueName('Old Bare Trolley'),
    decided: uniqueName('Decided Draft'),
  };

  beforeAll(async () => {
    await Promise.all([
      complete.set(legacy(names.complete, { countryOfOrigin: 'India', declarations: TEST_DECLARATIONS, dimensionsCm: TEST_DIMENSIONS })),
      incomplete.set(
        legacy(names.incomplete, {
          countryOfOrigin: 'China',
          declarations: { genericName: 'Trolley bag', netQuantity: { value: 1, unit: 'N' }, manufacturer: TEST_DECLARATIONS.manufacturer },
        }),
      ),
      // Already decided (a draft by choice, though incomplete too): not the script's to change.
      decided.set(legacy(names.decided, { countryOfOrigin: 'India', published: false })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([complete.delete(), incomplete.delete(), decided.delete()]);
  });

  it('publishes the complete product, lists what the incomplete one misses and leaves it a draft; again, nothing changes', async () => {
    const first = await script();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^✔ \d+ product\(s\) published; \d+ made drafts; \d+ already decided\.$/m);
    expect(first.stdout).toContain(
      `  draft ${incomplete.id} (${names.incomplete}): Dimensions (L × B × H in cm) are required; Importer is required for goods made in China\n`,
    );
    expect(first.stdout).not.toContain(complete.id);
    expect(first.stdout).not.toContain(decided.id);
    expect((await complete.get()).get('published')).toBe(true);
    expect((await incomplete.get()).get('published')).toBe(false);
    expect((await decided.get()).get('published')).toBe(false);

    // Shoppers see the published one and not the draft (the script raised the catalogue version).
    expect((await api(`products/${complete.id}`)).status).toBe(200);
    expect((await api(`products/${incomplete.id}`)).status).toBe(404);

    const before = await Promise.all([complete.get(), incomplete.get()]).then((s) => s.map((d) => d.data()));
    const again = await script();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain(incomplete.id);
    expect(await Promise.all([complete.get(), incomplete.get()]).then((s) => s.map((d) => d.data()))).toEqual(before);
  });

  it('--project without an id: the usage, exit 2, nothing touched', async () => {
    const run = await script('--project');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run migrate:declarations [-- --project PROJECT_ID]');
  });
});
