import { describe, it, expect } from 'vitest';
import * as domain from './index.js';

describe('@bagshop/domain', () => {
  it('re-exports every module', () => {
    for (const name of [
      'CATEGORIES',
      'salePrice',
      'formatINR',
      'findShortages',
      'canTransition',
      'INDIAN_STATES',
      'fieldErrors',
      'signupSchema',
      'productCreateSchema',
      'addToCartSchema',
      'addressSchema',
      'createOrderSchema',
      'countOpenOrders',
      'paymentAllowsMove',
      'applyListQuery',
      'parseSearchText',
      'productImagesOf',
      'productMeta',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});
