import { PRODUCT_CHANGED } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { saveFailureMessage } from './product-modal';

describe('saveFailureMessage', () => {
  it('explains a stale stock edit (409) and says nothing was saved', () => {
    const message = saveFailureMessage(new ApiError(409, PRODUCT_CHANGED));
    expect(message.startsWith(PRODUCT_CHANGED)).toBe(true);
    expect(message).toContain('Nothing was saved');
  });

  it('keeps the other 409s and the spec fallback', () => {
    expect(saveFailureMessage(new ApiError(409, 'Duplicate image detected'))).toBe('Duplicate image detected');
    expect(saveFailureMessage(new ApiError(500, 'boom'))).toBe('Failed to save product');
  });
});
