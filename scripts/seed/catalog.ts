/**
 * Demo catalog loaded on the emulators (docs/decisions/0016-demo-data-and-tests-on-emulators.md).
 *
 * Prices and discounts are whole rupees; `discount` is an AMOUNT, never a percent
 * (discount percent = round(discount / price × 100), docs/decisions/0005-money.md). `slug` is the
 * stable Firestore document id used by the seed. `art` describes the generated
 * product image (see ./artwork.ts); every product has a distinct combination.
 */

export type DemoCategory = 'luggage' | 'backpacks' | 'duffles';

export type BagKind = 'trolley' | 'cabin' | 'backpack' | 'daypack' | 'duffle' | 'holdall';

export type BagPattern = 'stripes' | 'dots' | 'plain';

export interface BagArt {
  kind: BagKind;
  /** Main body colour, `#rrggbb`. */
  body: string;
  /** Trim colour (handles, zips, pockets, straps), `#rrggbb`. */
  accent: string;
  pattern?: BagPattern;
}

export interface DemoProduct {
  /** Kebab-case of the name; used as the Firestore document id. */
  slug: string;
  name: string;
  description: string;
  category: DemoCategory;
  /** Whole rupees. */
  price: number;
  /** Whole rupees off the price (an amount, not a percent). */
  discount: number;
  stock: number;
  art: BagArt;
  /** The product's own warranty instead of its category's (docs/warranty.md): soft luggage, 5 years. */
  warrantyYears?: number;
}

type DemoProductInput = Omit<DemoProduct, 'slug'>;

/** 'Voyager Hardshell Cabin Trolley 55 cm' → 'voyager-hardshell-cabin-trolley-55-cm' */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const LUGGAGE: DemoProductInput[] = [
  {
    name: 'Voyager Hardshell Cabin Trolley 55 cm',
    description:
      'A 100% polycarbonate cabin trolley with a scratch-resistant textured finish, four 360° double spinner wheels and a TSA-approved number lock. Holds 38 litres and fits the cabin limits of IndiGo, Air India and Vistara. Backed by a 5-year international warranty.',
    category: 'luggage',
    price: 4999,
    discount: 1850,
    stock: 24,
    art: { kind: 'cabin', body: '#1f4e79', accent: '#f2a541', pattern: 'plain' },
  },
  {
    name: 'Voyager Hardshell Check-in Trolley 68 cm',
    description:
      'The medium check-in sibling of our best-selling Voyager: a lightweight polycarbonate shell, 72 litres of packing space with a zipped divider and cross straps, and whisper-quiet spinner wheels. Comes with a 5-year international warranty.',
    category: 'luggage',
    price: 6499,
    discount: 1300,
    stock: 18,
    art: { kind: 'trolley', body: '#2e8b57', accent: '#f4d35e', pattern: 'plain' },
  },
  {
    name: 'Metro Polycarbonate Large Trolley 78 cm',
    description:
      'A large 110-litre check-in trolley for long family trips, with an expandable zip that adds 15% more space and a recessed TSA lock. The anodised aluminium handle locks at three heights. 5-year warranty against manufacturing defects.',
    category: 'luggage',
    price: 8999,
    discount: 3300,
    stock: 9,
    art: { kind: 'trolley', body: '#34495e', accent: '#e74c3c', pattern: 'stripes' },
  },
  {
    name: 'Skyline Expandable Soft Trolley 69 cm',
    description:
      'A soft-sided trolley in water-repellent 1680D ballistic nylon with two zipped front pockets for last-minute packing. Expands from 70 to 82 litres and rolls on four smooth spinner wheels. 5-year warranty.',
    category: 'luggage',
    price: 5499,
    discount: 1700,
    stock: 0,
    warrantyYears: 5,
    art: { kind: 'trolley', body: '#6c3483', accent: '#48c9b0', pattern: 'dots' },
  },
  {
    name: 'Aero Lite Cabin Spinner 52 cm',
    description:
      'At just 2.1 kg, one of the lightest hardshell cabin bags you can buy: polypropylene shell, 34 litres inside, elastic packing straps and a mesh zip pocket. Fits under most airline sizers. 3-year warranty.',
    category: 'luggage',
    price: 3799,
    discount: 500,
    stock: 4,
    art: { kind: 'cabin', body: '#e8a0bf', accent: '#5c374c', pattern: 'dots' },
  },
  {
    name: 'Heritage Aluminium Frame Trolley 75 cm',
    description:
      'A premium check-in trolley with an aircraft-grade aluminium frame, twin TSA latches instead of a zip, and a vegan-leather top handle. 95 litres of space, Hinomoto silent wheels and a 10-year warranty.',
    category: 'luggage',
    price: 18999,
    discount: 2800,
    stock: 5,
    art: { kind: 'trolley', body: '#b0b7bf', accent: '#2c3e50', pattern: 'stripes' },
  },
  {
    name: 'Monsoon Polypropylene Cabin Trolley 55 cm',
    description:
      'A tough, splash-proof polypropylene cabin trolley built for Indian roads and railway platforms, with reinforced corners and a fixed combination lock. 36 litres of space and a 3-year warranty.',
    category: 'luggage',
    price: 2999,
    discount: 0,
    stock: 40,
    art: { kind: 'cabin', body: '#00838f', accent: '#ffd166', pattern: 'stripes' },
  },
  {
    name: 'Odyssey Anti-Theft Check-in Trolley 66 cm',
    description:
      'A check-in trolley with puncture-resistant double zips, a hidden ID pocket and a TSA-approved lock. The ABS-polycarbonate shell holds 65 litres and rides on eight dual wheels. 5-year warranty.',
    category: 'luggage',
    price: 7499,
    discount: 1125,
    stock: 15,
    art: { kind: 'trolley', body: '#c0392b', accent: '#fdebd0', pattern: 'plain' },
  },
  {
    name: 'Cabin Pro Business Overnighter 50 cm',
    description:
      'A business cabin trolley with a padded front compartment that holds a 15.6" laptop and documents, made of ballistic polyester with a hardshell back. 30 litres, USB charging port and a 3-year warranty.',
    category: 'luggage',
    price: 5999,
    discount: 900,
    stock: 12,
    art: { kind: 'cabin', body: '#2b2d42', accent: '#ef8354', pattern: 'plain' },
  },
];

const BACKPACKS: DemoProductInput[] = [
  {
    name: 'Trailblazer 40L Hiking Backpack',
    description:
      'A 40-litre hiking pack in rip-stop nylon with a ventilated back panel, padded hip belt and a built-in rain cover for the monsoon. Hydration-sleeve ready, with side mesh bottle pockets. 2-year warranty.',
    category: 'backpacks',
    price: 3499,
    discount: 1260,
    stock: 22,
    art: { kind: 'backpack', body: '#4a7c59', accent: '#f4a259', pattern: 'plain' },
  },
  {
    name: 'Commuter 25L Laptop Backpack',
    description:
      'A slim 25-litre daily backpack with a padded sleeve for laptops up to 15.6", a quick-access front pocket and water-resistant polyester fabric. Luggage strap on the back slides over your trolley handle. 1-year warranty.',
    category: 'backpacks',
    price: 2499,
    discount: 875,
    stock: 35,
    art: { kind: 'daypack', body: '#3d5a80', accent: '#ee6c4d', pattern: 'plain' },
  },
  {
    name: 'Campus Classic 30L School Backpack',
    description:
      'A roomy 30-litre school and college backpack in durable 600D polyester, with three compartments, a pencil organiser and padded shoulder straps. Reflective trim for early-morning bus stops. 1-year warranty.',
    category: 'backpacks',
    price: 1499,
    discount: 450,
    stock: 60,
    art: { kind: 'backpack', body: '#e63946', accent: '#1d3557', pattern: 'dots' },
  },
  {
    name: 'Summit 65L Trekking Rucksack',
    description:
      'A 65-litre rucksack for Himalayan treks, with an adjustable torso length, aluminium stays, sleeping-bag compartment and ice-axe loops. Made from 420D high-tenacity nylon. 3-year warranty.',
    category: 'backpacks',
    price: 6999,
    discount: 1400,
    stock: 8,
    art: { kind: 'backpack', body: '#e07a1f', accent: '#264653', pattern: 'stripes' },
  },
  {
    name: 'Nomad Anti-Theft Travel Backpack 35L',
    description:
      'A 35-litre travel backpack whose main zips sit against your back, with a cut-resistant fabric panel, RFID-blocking pocket and a clamshell opening like a suitcase. Fits as airline cabin baggage. 2-year warranty.',
    category: 'backpacks',
    price: 4299,
    discount: 645,
    stock: 3,
    art: { kind: 'backpack', body: '#3a3a3a', accent: '#9bc53d', pattern: 'plain' },
  },
  {
    name: 'Metro Slim 18L Daypack',
    description:
      'A light 18-litre daypack for the office or a city day out, in recycled PET fabric with a padded tablet pocket and a hidden back pocket for your phone and wallet. 1-year warranty.',
    category: 'backpacks',
    price: 1299,
    discount: 0,
    stock: 45,
    art: { kind: 'daypack', body: '#8d99ae', accent: '#2b2d42', pattern: 'dots' },
  },
  {
    name: 'Canvas Roll-Top Daypack 22L',
    description:
      'A 22-litre roll-top daypack in waxed cotton canvas with genuine leather trims and a waterproof lining. The roll-top closure expands when you need a little extra room. 2-year warranty.',
    category: 'backpacks',
    price: 2199,
    discount: 330,
    stock: 27,
    art: { kind: 'daypack', body: '#c2a878', accent: '#6b4226', pattern: 'plain' },
  },
  {
    name: 'Techpro 32L Business Laptop Backpack',
    description:
      'A structured 32-litre business backpack with a separate padded compartment for a 17" laptop, cable organiser, USB charging port and a trolley sleeve. Water-resistant polyester. 2-year warranty.',
    category: 'backpacks',
    price: 3999,
    discount: 400,
    stock: 19,
    art: { kind: 'backpack', body: '#1b263b', accent: '#e0e1dd', pattern: 'stripes' },
  },
  {
    name: 'Cyclist 15L Hydration Daypack',
    description:
      'A 15-litre cycling and running pack with a 2-litre hydration bladder, breathable mesh back and reflective strips for night rides. Light rip-stop nylon with a 1-year warranty.',
    category: 'backpacks',
    price: 1799,
    discount: 270,
    stock: 14,
    art: { kind: 'daypack', body: '#ffbe0b', accent: '#3a0ca3', pattern: 'stripes' },
  },
];

const DUFFLES: DemoProductInput[] = [
  {
    name: 'Weekender Canvas Duffle',
    description:
      'A 45-litre weekender in heavy 16 oz cotton canvas with vegan-leather handles, a detachable padded shoulder strap and a zipped inner pocket. Sized for a two-night getaway. 2-year warranty.',
    category: 'duffles',
    price: 2799,
    discount: 1000,
    stock: 20,
    art: { kind: 'duffle', body: '#556b2f', accent: '#d4a373', pattern: 'plain' },
  },
  {
    name: 'Roadster 60L Gym Duffle',
    description:
      'A 60-litre gym and sports duffle in water-repellent polyester, with a ventilated shoe pocket, wet-pack for damp kit and padded grab handles. 1-year warranty.',
    category: 'duffles',
    price: 1699,
    discount: 600,
    stock: 33,
    art: { kind: 'duffle', body: '#1d3557', accent: '#e63946', pattern: 'stripes' },
  },
  {
    name: 'Expedition 90L Waterproof Duffle',
    description:
      'A 90-litre expedition duffle in TPU-laminated 840D nylon with welded seams and a storm flap over the zip. Stowable backpack straps let you carry it on your back up to the base camp. 5-year warranty.',
    category: 'duffles',
    price: 5499,
    discount: 1700,
    stock: 11,
    art: { kind: 'duffle', body: '#f4a300', accent: '#222222', pattern: 'plain' },
  },
  {
    name: 'Heritage Leather Holdall',
    description:
      'A full-grain buffalo leather holdall, hand-finished in Kanpur, with brass hardware, cotton lining and a detachable shoulder strap. 40 litres of space that ages beautifully. 5-year warranty.',
    category: 'duffles',
    price: 12999,
    discount: 1950,
    stock: 4,
    art: { kind: 'holdall', body: '#8b4513', accent: '#d4af37', pattern: 'plain' },
  },
  {
    name: 'Voyager Wheeled Duffle 75 cm',
    description:
      'A 100-litre duffle on two inline skate wheels with a telescopic handle tucked under the base, in tough 1200D polyester. Carry it or roll it through the station. 3-year warranty.',
    category: 'duffles',
    price: 4499,
    discount: 675,
    stock: 16,
    art: { kind: 'duffle', body: '#4361ee', accent: '#f72585', pattern: 'dots' },
  },
  {
    name: 'Monsoon Nylon Holdall 45L',
    description:
      'A 45-litre holdall in water-resistant rip-stop nylon with a wide U-shaped opening, two end pockets and a padded shoulder strap. Packs flat into its own pocket. 1-year warranty.',
    category: 'duffles',
    price: 2299,
    discount: 230,
    stock: 28,
    art: { kind: 'holdall', body: '#2a9d8f', accent: '#e9c46a', pattern: 'stripes' },
  },
  {
    name: 'Sports Pro Shoe-Compartment Duffle 40L',
    description:
      'A compact 40-litre duffle with a separate ventilated shoe compartment, bottle pocket and a water-resistant base. Tough 600D polyester with a 1-year warranty.',
    category: 'duffles',
    price: 1999,
    discount: 0,
    stock: 50,
    art: { kind: 'duffle', body: '#2f2f2f', accent: '#06d6a0', pattern: 'plain' },
  },
  {
    name: 'Foldable Cabin Holdall 35L',
    description:
      'A 35-litre holdall that folds into a pouch the size of a paperback: light nylon, a trolley sleeve and a zipped front pocket. The perfect extra bag for shopping on holiday. 1-year warranty.',
    category: 'duffles',
    price: 1399,
    discount: 140,
    stock: 38,
    art: { kind: 'holdall', body: '#ff7f50', accent: '#264653', pattern: 'dots' },
  },
  {
    name: 'Executive Waxed Canvas Holdall',
    description:
      'A structured 38-litre holdall in waxed cotton canvas with leather trims and a suiting compartment that keeps a blazer crease-free. Metal feet protect the base. 3-year warranty.',
    category: 'duffles',
    price: 7999,
    discount: 1600,
    stock: 7,
    art: { kind: 'holdall', body: '#36454f', accent: '#c19a6b', pattern: 'plain' },
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [...LUGGAGE, ...BACKPACKS, ...DUFFLES].map((product) => ({
  slug: slugify(product.name),
  ...product,
}));
