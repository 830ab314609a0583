import { apiData } from '../../../lib/api-client';

export interface WishlistEntry {
  _id: string;
  productId: string;
  variantId: string;
  savedAt: string;
  savedPricePaise: number;
  product: { _id: string; name: string; image: string; category: string } | null;
  variant: { _id: string; label: string; sku: string; pricePaise: number; stock: number; inStock: boolean } | null;
}

export const getWishlist = () => apiData<WishlistEntry[]>('wishlist');

export const removeWishlistItem = (productId: string, variantId: string) =>
  apiData(`wishlist/${encodeURIComponent(productId)}`, { method: 'DELETE', body: { variantId } });

export const addLineToCart = (productId: string, variantId: string) =>
  apiData(`cart/${encodeURIComponent(productId)}`, { method: 'POST', body: { quantity: 1, variantId } });
