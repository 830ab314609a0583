import { ProductIndex } from '../functions/src/services/search.ts';
import { DEMO_PRODUCTS } from '../scripts/seed/catalog.ts';
const idx = new ProductIndex(DEMO_PRODUCTS.map((p) => ({ _id: p.slug, name: p.name, category: p.category, description: p.description })));
for (const q of process.argv.slice(2)) console.log(q.padEnd(22), '→', idx.ids(q).slice(0, 4).join('  '));
