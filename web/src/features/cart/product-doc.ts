import { DEFAULT_COUNTRY_OF_ORIGIN, isCategory, productImagesOf, type Product } from '@bagshop/domain';
import type { DocumentData } from 'firebase/firestore';
import { toIso } from '../../lib/firestore';

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A `products/{id}` document as the API's Product shape (ids as `_id`, dates as ISO). */
export function productFromDoc(id: string, data: DocumentData): Product {
  const images = productImagesOf(data);
  return {
    _id: id,
    name: str(data.name),
    description: str(data.description),
    price: num(data.price),
    discount: num(data.discount),
    category: isCategory(data.category) ? data.category : 'luggage',
    stock: num(data.stock),
    countryOfOrigin: str(data.countryOfOrigin) || DEFAULT_COUNTRY_OF_ORIGIN,
    image: images[0] ?? { url: '', hash: '' },
    images,
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
  };
}
