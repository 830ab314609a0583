/**
 * Registration at delivery (docs/warranty.md): when an order moves to `completed` (Delivered),
 * every unit of every line gets its warranty document, starting that day and ending by the
 * seller's terms for the product's category (or the product's own `warrantyYears`). A transition
 * effect (orders/transition.ts): reads in `prepare`, writes in `apply`; the ids are
 * deterministic, so a retried transaction writes the same documents.
 */
import { isCategory, productWarrantyYearsOf, warrantyEnd, warrantyLabel, warrantyRunYears, warrantyTermFor } from '@bagshop/domain';
import type { TransitionEffect } from '../orders/transition.js';
import { products } from '../catalog/index.js';
import { orderLines } from '../returns/store.js';
import { sellerRef } from '../seller/index.js';
import { termsOf, warranties, warrantyIdOf } from './store.js';
import { Timestamp } from 'firebase-admin/firestore';

export const registerWarranties: TransitionEffect = {
  name: 'warranty-registration',
  async prepare(tx, ctx) {
    if (ctx.to !== 'completed') return null;
    const lines = orderLines(ctx.order).filter((l) => l.productId && l.quantity > 0);
    if (lines.length === 0) return null;
    const productIds = [...new Set(lines.map((l) => l.productId))];
    const [seller, ...productSnaps] = await tx.getAll(sellerRef(), ...productIds.map((id) => products().doc(id)));
    const terms = termsOf(seller?.data());
    const byId = new Map(productSnaps.map((s) => [s.id, s.data()]));
    const start = ctx.now.toDate();
    const userId = String(ctx.order.userId ?? '');
    return {
      apply(tx) {
        for (const line of lines) {
          const product = byId.get(line.productId);
          const category = isCategory(product?.category) ? product.category : 'luggage';
          const term = warrantyTermFor(terms, category, productWarrantyYearsOf(product?.warrantyYears));
          if (term.years === 0) continue;
          const end = warrantyEnd(start, warrantyRunYears(terms, term.years));
          for (let unit = 1; unit <= line.quantity; unit++) {
            tx.set(warranties().doc(warrantyIdOf(ctx.orderId, line.index + 1, unit)), {
              userId,
              source: 'order',
              orderId: ctx.orderId,
              lineIndex: line.index,
              productId: line.productId,
              variantId: line.variantId,
              sku: line.sku,
              name: line.name,
              variantLabel: line.variantLabel,
              category,
              unit,
              years: term.years,
              label: warrantyLabel(term),
              covers: term.covers,
              excludes: term.excludes,
              startsAt: ctx.now,
              endsAt: Timestamp.fromDate(end),
              openClaim: null,
              createdAt: ctx.now,
            });
          }
        }
        return {};
      },
    };
  },
};
