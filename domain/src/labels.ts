/** Small labels the shop's pages and mails share. */

/** '1 item' / '3 items'. */
export function itemCountLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

/** The last 6 characters of an order id, as shown after 'Order #'. */
export function shortOrderId(id: string): string {
  return id.slice(-6);
}
