import express from 'express';
const mod = await import('/work/wt-27-gaps/web/dist/server/index.js');
const product = { _id: 'p1', name: 'Voyager Trolley', description: 'A bag', price: 5000, discount: 10, category: 'luggage', stock: 5, image: { url: '/x.png' }, images: [], updatedAt: '2026-01-01', createdAt: '2026-01-01' };
const services = {
  product: async (id) => (id === 'p1' ? product : null),
  category: async () => [product],
  products: async () => [product],
  search: async () => [product],
  seller: async () => ({ legalName: 'Bagshop Retail LLP', address: { line1: 'L1', line2: 'L2', city: 'Bengaluru', pincode: '560001', state: 'Karnataka' }, gstin: '29ABCDE1234F1Z5', email: 'a@b', phone: '+91' }),
  topReviews: async () => [],
  origin: 'http://127.0.0.1:5000',
};
const app = express();
app.use(express.static('/work/wt-27-gaps/web/dist/client'));
app.all('*splat', mod.pageHandler(() => ({ services, nonce: 'abc123' })));
const server = app.listen(0, async () => {
  const port = server.address().port;
  for (const path of process.argv.slice(2)) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    const text = await res.text();
    console.log(path, res.status, text.length, /GSTIN 29ABCDE/.test(text) ? 'seller✓' : 'seller✗', (text.match(/<script[^>]*>/g) || []).join(' ').slice(0, 300));
    if (process.env.SHOW) console.log(text.slice(0, +process.env.SHOW));
  }
  server.close();
});
