/** The catalog domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export {
  PRODUCT_NOT_FOUND,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  listProductsForAdmin,
  products,
  taxFieldsOf,
  toProduct,
  updateProduct,
} from './catalog.js';
export type { VariantForm } from './catalog.js';
export {
  TICKET_NOT_FOUND,
  fileComplaint,
  grievanceOfficer,
  listTickets,
  saveGrievanceOfficer,
  sellerInfo,
  setTicketStatus,
} from './disclosures.js';
export { IMAGE_ORDER_MESSAGES, parseImageOrder } from './gallery.js';
export type { GalleryEdit } from './gallery.js';
export { countSales, salesByDay } from './sales-counters.js';
export { searchProducts } from './search.js';
export { clearOrderedLines, readCartLines, readStock, restoreStock } from './stock.js';
export { chooseVariant, productOf, readSlots, readStocks, stockMapOf, variantStockDocs, writeSlot } from './variant-stock.js';
export { bumpCatalogVersion, forgetCatalogVersionRead, readCatalogVersion } from './version.js';
