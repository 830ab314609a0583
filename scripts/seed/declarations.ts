// The demo catalogue's Legal Metrology declarations (docs/legal-metrology.md): every demo product
// ships complete and published. Hardshell trolleys are made in China and imported by the seller;
// the soft bags are made in India.
import type { Declarations, DimensionsLbh } from '@bagshop/domain';
import type { BagKind, DemoProduct } from './catalog.ts';
import { countryOfOrigin } from './disclosures.ts';

export const DEMO_IMPORTER = {
  name: 'Bagshop Retail LLP',
  address: 'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
};

export const DEMO_CHINA_MAKER = {
  name: 'Ningbo Everbright Luggage Co., Ltd.',
  address: 'No. 88 Binhai Road, Cixi, Ningbo, Zhejiang 315300, China',
};

export const DEMO_INDIA_MAKER = {
  name: 'Kanpur Canvas & Leather Works Pvt. Ltd.',
  address: 'Plot 14, Panki Industrial Area, Site II, Kanpur, Uttar Pradesh 208022',
};

const GENERIC_NAMES: Record<BagKind, string> = {
  trolley: 'Hard-shell trolley bag',
  cabin: 'Hard-shell cabin trolley bag',
  backpack: 'Backpack',
  daypack: 'Daypack',
  duffle: 'Duffle bag',
  holdall: 'Holdall bag',
};

/** L × B × H of the bags without sizes of their own (luggage variants carry theirs: scripts/seed/variants.ts). */
const DIMENSIONS: Record<BagKind, DimensionsLbh> = {
  trolley: { l: 44, b: 27, h: 65 },
  cabin: { l: 38, b: 22, h: 55 },
  backpack: { l: 32, b: 18, h: 48 },
  daypack: { l: 28, b: 14, h: 42 },
  duffle: { l: 55, b: 28, h: 30 },
  holdall: { l: 50, b: 26, h: 30 },
};

export function demoDeclarations(p: Pick<DemoProduct, 'art'>): { declarations: Declarations; dimensionsCm: DimensionsLbh } {
  const imported = countryOfOrigin(p) !== 'India';
  return {
    declarations: {
      genericName: GENERIC_NAMES[p.art.kind],
      netQuantity: { value: 1, unit: 'N' },
      manufacturer: imported ? DEMO_CHINA_MAKER : DEMO_INDIA_MAKER,
      ...(imported ? { importer: DEMO_IMPORTER } : { packer: DEMO_INDIA_MAKER }),
    },
    dimensionsCm: DIMENSIONS[p.art.kind],
  };
}
