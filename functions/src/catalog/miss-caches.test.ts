import { describe, expect, it, vi } from 'vitest';

describe('unknown product ids and image hashes cost one Firestore read per window', () => {
  // Importing the catalogue and the image store (sharp) takes seconds on a loaded 2-core machine.
  it('asks Firestore once for a repeated unknown id or hash', { timeout: 20_000 }, async () => {
    const reads: string[] = [];
    const fakeDb = {
      collection: (name: string) => ({
        doc: (id: string) => ({
          get: async () => {
            reads.push(`${name}/${id}`);
            return { exists: false, id, data: () => undefined };
          },
        }),
      }),
    };
    vi.doMock('../lib/admin.js', () => ({ db: fakeDb, auth: {} }));
    const { getProduct } = await import('./catalog.js');
    const { readImage } = await import('../images/image-store.js');
    for (let i = 0; i < 3; i += 1) {
      // The direct read (an admin's `?fresh=`); once missed, the catalogue path does not ask either.
      await expect(getProduct('nosuchproduct123', { fresh: true })).rejects.toMatchObject({ status: 404, message: 'Product not found' });
      await expect(getProduct('nosuchproduct123')).rejects.toMatchObject({ status: 404, message: 'Product not found' });
      expect(await readImage('f'.repeat(64))).toBeNull();
    }
    expect(reads).toEqual(['products/nosuchproduct123', `productImages/${'f'.repeat(64)}`]);
    vi.doUnmock('../lib/admin.js');
  });
});
