/** The images domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export {
  deleteShopperPhotos,
  imageDocuments,
  imageStored,
  isImageHash,
  preparePhotos,
  productImages,
  readImage,
  readPictureWidth,
} from './image-store.js';
export { jpegVariant } from './jpeg-variant.js';
export { processProductImage } from './process-image.js';
export type { ProcessedImage } from './process-image.js';
