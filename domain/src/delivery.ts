/**
 * Delivery by PIN code (docs/delivery-and-disclosures.md): which zone a PIN is in as seen
 * from the warehouse, when an order placed now is dispatched and delivered, and whether cash
 * on delivery may be offered. Pure: "now" and the rules are always passed in.
 *
 * Days are IST calendar days written 'YYYY-MM-DD'. India has no daylight saving, so IST is
 * always UTC+5:30 and day arithmetic on the date keys is exact.
 */
import { IST_OFFSET_MS } from './dashboard.js';
import type { IndianState } from './india.js';
import { formatINR } from './money.js';

export const DELIVERY_ZONES = ['sameCity', 'sameState', 'metro', 'restOfIndia', 'northEastAndIslands'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  sameCity: 'Same city',
  sameState: 'Same state',
  metro: 'Metro cities',
  restOfIndia: 'Rest of India',
  northEastAndIslands: 'North-East and islands',
};

/** The North-Eastern states and the island territories: their own, slowest zone. */
export const NORTH_EAST_AND_ISLANDS: readonly IndianState[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A district as the PIN directory names it, within its state. */
export interface DistrictRef {
  state: IndianState;
  district: string;
}

/** Where a PIN code is. */
export interface PinPlace {
  pin: string;
  state: IndianState;
  district: string;
}

export interface DayRange {
  min: number;
  max: number;
}

export interface Holiday {
  /** 'YYYY-MM-DD' */
  date: string;
  name: string;
}

/** The delivery rules an admin sets (`settings/delivery`). */
export interface DeliveryRules {
  /** Where parcels leave from. */
  warehousePin: string;
  /** Districts that count as the warehouse's city besides its own (Mumbai Suburban for Mumbai). */
  cityDistricts: DistrictRef[];
  /** Districts of the metro cities. */
  metroDistricts: DistrictRef[];
  /** Orders placed before this IST time on a working day are dispatched that day ('HH:MM'). */
  cutoff: string;
  /** Days of the week parcels are dispatched and delivered on (0 = Sunday … 6 = Saturday). */
  workingDays: number[];
  /** Days nothing is dispatched or delivered, whatever the weekday. */
  holidays: Holiday[];
  /** Working days from dispatch to delivery, by zone. */
  zoneDays: Record<DeliveryZone, DayRange>;
  /** PIN codes not delivered to. */
  unservedPins: string[];
  /** Districts not delivered to. */
  unservedDistricts: DistrictRef[];
  /** PIN codes where cash on delivery is off. */
  codOffPins: string[];
  /** Cash on delivery only up to this order total, whole rupees. */
  codMaxTotal: number;
}

/** How fast an order travels (issue 40): standard is free; express costs `ShippingSettings.expressFee`. */
export const DELIVERY_SPEEDS = ['standard', 'express'] as const;
export type DeliverySpeed = (typeof DELIVERY_SPEEDS)[number];

export const DELIVERY_SPEED_LABELS: Record<DeliverySpeed, string> = {
  standard: 'Standard delivery',
  express: 'Express delivery',
};

/** One speed of a quote: whether it is offered at the PIN, its dates, its fee (whole rupees) and cash on delivery. */
export interface DeliveryOption {
  speed: DeliverySpeed;
  available: boolean;
  /** The fee before the free-above threshold, whole rupees (0 = free). */
  fee: number;
  /** The fee is 0 for orders whose goods come to at least this (whole rupees); null: no threshold. */
  freeAbove: number | null;
  /** Cash on delivery may be chosen with this speed at this PIN (the order total is checked at checkout). */
  cod: boolean;
  days: DayRange | null;
  deliverBy: { from: string; to: string } | null;
}

/**
 * `GET /api/delivery/{pin}`. Dates are IST days 'YYYY-MM-DD'; days/deliverBy are null when not
 * serviceable. The top-level `cod`, `days` and `deliverBy` are standard delivery's (as before
 * express existed); `options` has standard and express, in that order.
 */
export interface DeliveryQuote {
  pin: string;
  serviceable: boolean;
  state: IndianState;
  district: string;
  cod: boolean;
  days: DayRange | null;
  deliverBy: { from: string; to: string } | null;
  options: DeliveryOption[];
}

/** What an order keeps of the promise made when it was placed. */
export interface OrderDelivery {
  pin: string;
  zone: DeliveryZone;
  /** 'standard' on orders from before express delivery. */
  speed: DeliverySpeed;
  /** What the shopper paid for delivery, whole rupees (part of the order's `totalAmount`); 0 when free. */
  fee: number;
  days: DayRange;
  deliverBy: { from: string; to: string };
}

/** The courier's zone for express delivery: metro and tier-1 cities are served express; 'none' is not. */
export const EXPRESS_PIN_ZONES = ['metro', 'tier1', 'none'] as const;
export type ExpressPinZone = (typeof EXPRESS_PIN_ZONES)[number];

/** The seller's shipping settings (`settings/shipping`, issue 40; docs/delivery-and-disclosures.md "Express delivery"). */
export interface ShippingSettings {
  /** Express offered at all (where the courier serves it). */
  expressEnabled: boolean;
  /** The express fee, whole rupees; 0 keeps "free shipping on all orders" true. */
  expressFee: number;
  /** Express is free for orders whose goods come to at least this, whole rupees; null: never. */
  expressFreeAbove: number | null;
  /** Cash on delivery may be chosen with express (the PIN's and the total's COD rules still apply). */
  expressCod: boolean;
  /** Tier-1 cities served express besides the delivery rules' metro districts. */
  tier1Districts: DistrictRef[];
  /** The courier's PIN-to-zone table: a PIN listed here follows it instead of its district ('none': no express). */
  pinZones: { pin: string; zone: ExpressPinZone }[];
}

// ---- messages (the API and the web show the same words) ----

export const PIN_FORMAT_MESSAGE = 'Enter a 6-digit PIN code';
export const OUTSIDE_INDIA_MESSAGE = 'We deliver only within India';
export const unknownPinMessage = (pin: string) => `We could not find PIN code ${pin}`;
export const pinStateMismatchMessage = (pin: string, actual: string, chosen: string) => `PIN code ${pin} is in ${actual}, not ${chosen}`;
export const unservedPinMessage = (pin: string) => `Sorry, we do not deliver to PIN code ${pin} yet`;
export const codOffPinMessage = (pin: string) => `Cash on delivery is not available for PIN code ${pin}. Please pay online.`;
export const expressUnavailableMessage = (pin: string) =>
  `Express delivery is not available for PIN code ${pin}. Choose standard delivery.`;
export const expressCodMessage = 'Cash on delivery is not available with express delivery. Please pay online or choose standard delivery.';
export const codOverLimitMessage = (limit: number) =>
  `Cash on delivery is available only for orders up to ${formatINR(limit)}. Please pay online.`;

// ---- zones ----

const sameDistrict = (a: DistrictRef, b: DistrictRef) => a.state === b.state && a.district.toLowerCase() === b.district.toLowerCase();
const listed = (list: readonly DistrictRef[], place: DistrictRef) => list.some((d) => sameDistrict(d, place));

/**
 * The zone of `to` seen from the warehouse at `from`, first match wins: same city (the
 * warehouse's district or one of `cityDistricts`), same state, North-East and islands,
 * metro, rest of India.
 */
export function deliveryZone(to: PinPlace, from: PinPlace, rules: Pick<DeliveryRules, 'cityDistricts' | 'metroDistricts'>): DeliveryZone {
  if (sameDistrict(to, from) || (to.state === from.state && listed(rules.cityDistricts, to))) return 'sameCity';
  if (to.state === from.state) return 'sameState';
  if (NORTH_EAST_AND_ISLANDS.includes(to.state)) return 'northEastAndIslands';
  if (listed(rules.metroDistricts, to)) return 'metro';
  return 'restOfIndia';
}

/** Whether a PIN is delivered to at all. */
export function isServiceable(place: PinPlace, rules: Pick<DeliveryRules, 'unservedPins' | 'unservedDistricts'>): boolean {
  return !rules.unservedPins.includes(place.pin) && !listed(rules.unservedDistricts, place);
}

/** Whether cash on delivery may be offered at a PIN (before looking at the order total). */
export function codAtPin(place: PinPlace, rules: Pick<DeliveryRules, 'unservedPins' | 'unservedDistricts' | 'codOffPins'>): boolean {
  return isServiceable(place, rules) && !rules.codOffPins.includes(place.pin);
}

/** Why an order may not be paid cash on delivery, or null when it may. The PIN comes first. */
export function codRefusal(pin: string, total: number, rules: Pick<DeliveryRules, 'codOffPins' | 'codMaxTotal'>): string | null {
  if (rules.codOffPins.includes(pin)) return codOffPinMessage(pin);
  if (total > rules.codMaxTotal) return codOverLimitMessage(rules.codMaxTotal);
  return null;
}

// ---- IST days ----

const DAY_MS = 86_400_000;

/** The IST calendar day of an instant and the minutes since IST midnight. */
export function istNow(now: Date): { day: string; minutes: number } {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  return { day: shifted.toISOString().slice(0, 10), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** 'YYYY-MM-DD' plus n calendar days (across month and year ends). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** '14:00' → 840. */
export function cutoffMinutes(cutoff: string): number {
  const [h, m] = cutoff.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

type Calendar = Pick<DeliveryRules, 'workingDays' | 'holidays'>;

export function isWorkingDay(day: string, calendar: Calendar): boolean {
  return calendar.workingDays.includes(weekdayOf(day)) && !calendar.holidays.some((h) => h.date === day);
}

/** A year is enough: rules with no working day at all are refused by the settings schema. */
const SEARCH_LIMIT = 366;

function nextWorkingDay(day: string, calendar: Calendar): string {
  let d = day;
  for (let i = 0; i < SEARCH_LIMIT; i += 1) {
    d = addDays(d, 1);
    if (isWorkingDay(d, calendar)) return d;
  }
  throw new Error('No working day within a year');
}

/** The day an order placed at `now` leaves the warehouse: today before the cut-off on a working day, else the next working day. */
export function dispatchDay(now: Date, rules: Calendar & Pick<DeliveryRules, 'cutoff'>): string {
  const { day, minutes } = istNow(now);
  if (isWorkingDay(day, rules) && minutes < cutoffMinutes(rules.cutoff)) return day;
  return nextWorkingDay(day, rules);
}

/** `day` moved on by n working days (n = 0 is the day itself). */
export function addWorkingDays(day: string, n: number, calendar: Calendar): string {
  let d = day;
  for (let i = 0; i < n; i += 1) d = nextWorkingDay(d, calendar);
  return d;
}

/** Earliest and latest delivery day for an order placed at `now`, `days` working days after dispatch. */
export function deliveryWindow(now: Date, days: DayRange, rules: Calendar & Pick<DeliveryRules, 'cutoff'>): { from: string; to: string } {
  const from = addWorkingDays(dispatchDay(now, rules), days.min, rules);
  return { from, to: addWorkingDays(from, days.max - days.min, rules) };
}

/**
 * The next instant a quote made at `now` can change by itself: today's cut-off if it is
 * still ahead, else the next IST midnight. Caches of a quote must not outlive it.
 */
export function nextQuoteChange(now: Date, rules: Pick<DeliveryRules, 'cutoff'>): Date {
  const { day, minutes } = istNow(now);
  const midnight = Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
  const cutoff = cutoffMinutes(rules.cutoff);
  return new Date(minutes < cutoff ? midnight + cutoff * 60_000 : midnight + DAY_MS);
}

// ---- express delivery (issue 40) ----

/** The courier's express zone of a PIN: its row in the PIN-to-zone table, else metro or tier-1 by district; null: no express. */
export function expressZoneOf(
  place: PinPlace,
  rules: Pick<DeliveryRules, 'metroDistricts'>,
  shipping: Pick<ShippingSettings, 'tier1Districts' | 'pinZones'>,
): 'metro' | 'tier1' | null {
  const row = shipping.pinZones.find((r) => r.pin === place.pin);
  if (row) return row.zone === 'none' ? null : row.zone;
  if (listed(rules.metroDistricts, place)) return 'metro';
  if (listed(shipping.tier1Districts, place)) return 'tier1';
  return null;
}

/** Whether express is offered at a PIN: enabled, the PIN served at all, and in the courier's express zones. */
export function expressAvailable(place: PinPlace, rules: DeliveryRules, shipping: ShippingSettings): boolean {
  return shipping.expressEnabled && isServiceable(place, rules) && expressZoneOf(place, rules, shipping) !== null;
}

/**
 * Express working days from standard's: one day sooner at the earliest, two at the latest, never
 * under one working day after dispatch (2–4 → 1–2, 1–2 → 1–1, 4–7 → 3–5).
 */
export function expressDays(standard: DayRange): DayRange {
  const min = Math.max(1, standard.min - 1);
  return { min, max: Math.max(min, standard.max - 2) };
}

/** The delivery fee of an order, whole rupees: standard is free; express its fee unless the goods reach the threshold. */
export function deliveryFee(
  speed: DeliverySpeed,
  goodsTotal: number,
  shipping: Pick<ShippingSettings, 'expressFee' | 'expressFreeAbove'>,
): number {
  if (speed === 'standard') return 0;
  if (shipping.expressFreeAbove !== null && goodsTotal >= shipping.expressFreeAbove) return 0;
  return shipping.expressFee;
}

/** A quote option's fee for a cart whose goods come to `goodsTotal` (what the server will charge). */
export function optionFee(option: Pick<DeliveryOption, 'fee' | 'freeAbove' | 'speed'>, goodsTotal: number): number {
  return deliveryFee(option.speed, goodsTotal, { expressFee: option.fee, expressFreeAbove: option.freeAbove });
}

/** Whether express is offered to some PIN at all (the home page's "Express delivery" claim). */
export function expressOffered(rules: Pick<DeliveryRules, 'metroDistricts'>, shipping: ShippingSettings): boolean {
  if (!shipping.expressEnabled) return false;
  return rules.metroDistricts.length > 0 || shipping.tier1Districts.length > 0 || shipping.pinZones.some((r) => r.zone !== 'none');
}

/** The quote for a known PIN at `now`: standard's fields at the top, both speeds in `options`. */
export function quoteDelivery(
  place: PinPlace,
  warehouse: PinPlace,
  rules: DeliveryRules,
  now: Date,
  shipping: ShippingSettings = DEFAULT_SHIPPING_SETTINGS,
): DeliveryQuote {
  const base = { pin: place.pin, state: place.state, district: place.district };
  const feeOf = (speed: DeliverySpeed) => ({
    fee: speed === 'express' ? shipping.expressFee : 0,
    freeAbove: speed === 'express' ? shipping.expressFreeAbove : null,
  });
  const closed = (speed: DeliverySpeed): DeliveryOption => ({
    speed,
    available: false,
    ...feeOf(speed),
    cod: false,
    days: null,
    deliverBy: null,
  });
  if (!isServiceable(place, rules)) {
    return { ...base, serviceable: false, cod: false, days: null, deliverBy: null, options: [closed('standard'), closed('express')] };
  }
  const days = rules.zoneDays[deliveryZone(place, warehouse, rules)];
  const cod = codAtPin(place, rules);
  const standard: DeliveryOption = {
    speed: 'standard',
    available: true,
    ...feeOf('standard'),
    cod,
    days: { ...days },
    deliverBy: deliveryWindow(now, days, rules),
  };
  let express = closed('express');
  if (expressAvailable(place, rules, shipping)) {
    const fast = expressDays(days);
    express = { ...express, available: true, cod: cod && shipping.expressCod, days: fast, deliverBy: deliveryWindow(now, fast, rules) };
  }
  return { ...base, serviceable: true, cod, days: { ...days }, deliverBy: standard.deliverBy, options: [standard, express] };
}

/**
 * What an order stores: the zone, the speed, the fee, its day range and the dates promised at
 * `now`. Express where it is not offered is refused with `expressUnavailableMessage` (thrown as
 * an Error; the server answers 409).
 */
export function orderDelivery(
  place: PinPlace,
  warehouse: PinPlace,
  rules: DeliveryRules,
  now: Date,
  choice: { speed: DeliverySpeed; goodsTotal: number; shipping: ShippingSettings } = {
    speed: 'standard',
    goodsTotal: 0,
    shipping: DEFAULT_SHIPPING_SETTINGS,
  },
): OrderDelivery {
  const zone = deliveryZone(place, warehouse, rules);
  const standard = rules.zoneDays[zone];
  if (choice.speed === 'express' && !expressAvailable(place, rules, choice.shipping)) throw new Error(expressUnavailableMessage(place.pin));
  const days = choice.speed === 'express' ? expressDays(standard) : { ...standard };
  return {
    pin: place.pin,
    zone,
    speed: choice.speed,
    fee: deliveryFee(choice.speed, choice.goodsTotal, choice.shipping),
    days,
    deliverBy: deliveryWindow(now, days, rules),
  };
}

/** What the home page, cart and `/shipping` say about delivery, generated from the settings (issue 40). */
export interface ShippingWording {
  /** 'Free shipping' while express is free (or not offered), else 'Free standard shipping'. */
  freeTitle: string;
  freeText: string;
  /** Null while express is offered to no PIN: the page then makes no express claim. */
  expressTitle: string | null;
  expressText: string | null;
}

/** The public part of the shipping settings (`GET /api/delivery` `express`). */
export interface ExpressPolicy {
  offered: boolean;
  fee: number;
  freeAbove: number | null;
  cod: boolean;
}

export function expressPolicyOf(rules: Pick<DeliveryRules, 'metroDistricts'>, shipping: ShippingSettings): ExpressPolicy {
  return {
    offered: expressOffered(rules, shipping),
    fee: shipping.expressFee,
    freeAbove: shipping.expressFreeAbove,
    cod: shipping.expressCod,
  };
}

export function shippingWording(express: ExpressPolicy): ShippingWording {
  const paid = express.offered && express.fee > 0;
  const freeTitle = paid ? 'Free standard shipping' : 'Free shipping';
  if (!express.offered) return { freeTitle, freeText: 'Free shipping on all orders, no minimum.', expressTitle: null, expressText: null };
  const price = paid
    ? ` for ${formatINR(express.fee)}${express.freeAbove !== null ? `, free on orders of ${formatINR(express.freeAbove)} and above` : ''}`
    : ' at no extra cost';
  return {
    freeTitle,
    freeText: paid ? 'Free standard shipping on all orders, no minimum.' : 'Free shipping on all orders, no minimum.',
    expressTitle: 'Express delivery',
    expressText: `Express delivery to metro and major cities${price}.`,
  };
}

// ---- showing dates ----

let dayFormatter: Intl.DateTimeFormat | undefined;

/** '2026-11-25' → 'Wed, 25 Nov' (en-IN). '' for anything else. */
export function formatDeliveryDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  dayFormatter ??= new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dayFormatter.format(date);
}

/** 'Delivery by Wed, 25 Nov': the latest day promised. */
export function deliveryByLabel(range: { from: string; to: string }): string {
  return `Delivery by ${formatDeliveryDay(range.to)}`;
}

/** 'Mon, 23 Nov – Wed, 25 Nov', or one day when both ends agree. */
export function deliveryRangeLabel(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDeliveryDay(range.to) : `${formatDeliveryDay(range.from)} – ${formatDeliveryDay(range.to)}`;
}

/** An order document's `delivery` field, checked; null when absent or malformed (older orders). */
export function parseOrderDelivery(value: unknown): OrderDelivery | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as {
    pin?: unknown;
    zone?: unknown;
    days?: { min?: unknown; max?: unknown };
    deliverBy?: { from?: unknown; to?: unknown };
  };
  const { pin, zone, days, deliverBy } = v;
  if (typeof pin !== 'string' || !(DELIVERY_ZONES as readonly unknown[]).includes(zone)) return null;
  if (typeof days?.min !== 'number' || typeof days.max !== 'number') return null;
  if (typeof deliverBy?.from !== 'string' || typeof deliverBy.to !== 'string') return null;
  const speed: DeliverySpeed = (value as { speed?: unknown }).speed === 'express' ? 'express' : 'standard';
  const storedFee = (value as { fee?: unknown }).fee;
  const fee = typeof storedFee === 'number' && Number.isInteger(storedFee) && storedFee > 0 ? storedFee : 0;
  return {
    pin,
    zone: zone as DeliveryZone,
    speed,
    fee,
    days: { min: days.min, max: days.max },
    deliverBy: { from: deliverBy.from, to: deliverBy.to },
  };
}

const DELHI_DISTRICTS = [
  'Central',
  'East',
  'New Delhi',
  'North',
  'North East',
  'North West',
  'Shahdara',
  'South',
  'South East',
  'South West',
  'West',
];

/**
 * The demo shop's rules, seeded into `settings/delivery` and used while that document does
 * not exist: a warehouse in Lower Parel, Mumbai; dispatch Monday to Saturday before 2 pm IST;
 * the fixed-date national holidays; COD up to ₹10,000.
 */
export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  warehousePin: '400013',
  cityDistricts: [{ state: 'Maharashtra', district: 'Mumbai Suburban' }],
  metroDistricts: [
    ...DELHI_DISTRICTS.map((district): DistrictRef => ({ state: 'Delhi', district })),
    { state: 'Karnataka', district: 'Bengaluru Urban' },
    { state: 'Maharashtra', district: 'Mumbai' },
    { state: 'Maharashtra', district: 'Mumbai Suburban' },
    { state: 'Tamil Nadu', district: 'Chennai' },
    { state: 'Telangana', district: 'Hyderabad' },
    { state: 'West Bengal', district: 'Kolkata' },
  ],
  cutoff: '14:00',
  workingDays: [1, 2, 3, 4, 5, 6],
  holidays: [
    { date: '2026-01-26', name: 'Republic Day' },
    { date: '2026-08-15', name: 'Independence Day' },
    { date: '2026-10-02', name: 'Gandhi Jayanti' },
    { date: '2026-12-25', name: 'Christmas' },
    { date: '2027-01-26', name: 'Republic Day' },
    { date: '2027-08-15', name: 'Independence Day' },
    { date: '2027-10-02', name: 'Gandhi Jayanti' },
    { date: '2027-12-25', name: 'Christmas' },
  ],
  zoneDays: {
    sameCity: { min: 1, max: 2 },
    sameState: { min: 2, max: 3 },
    metro: { min: 2, max: 4 },
    restOfIndia: { min: 4, max: 7 },
    northEastAndIslands: { min: 6, max: 9 },
  },
  // Campbell Bay (Great Nicobar) and Minicoy: no courier reaches them.
  unservedPins: ['682559', '744302'],
  unservedDistricts: [{ state: 'Andaman and Nicobar Islands', district: 'Nicobars' }],
  // Two remote PINs where couriers take no cash.
  codOffPins: ['744101', '790001'],
  codMaxTotal: 10_000,
};

/** The checkout's view of codRefusal: from a quote (`cod` false means a COD-off PIN) and the public limit. */
export function codRefusalForQuote(quote: Pick<DeliveryQuote, 'pin' | 'cod'>, total: number, codMaxTotal: number): string | null {
  return codRefusal(quote.pin, total, { codOffPins: quote.cod ? [] : [quote.pin], codMaxTotal });
}

/**
 * The demo shop's shipping settings, seeded into `settings/shipping` and used while that document
 * does not exist: express to the metro districts and these tier-1 cities, free (₹0), so the
 * spec's "free shipping on all orders" stays true.
 */
export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = {
  expressEnabled: true,
  expressFee: 0,
  expressFreeAbove: null,
  expressCod: true,
  tier1Districts: [
    { state: 'Gujarat', district: 'Ahmadabad' },
    { state: 'Gujarat', district: 'Surat' },
    { state: 'Haryana', district: 'Gurugram' },
    { state: 'Maharashtra', district: 'Pune' },
    { state: 'Maharashtra', district: 'Thane' },
    { state: 'Rajasthan', district: 'Jaipur' },
    { state: 'Uttar Pradesh', district: 'Gautam Buddha Nagar' },
    { state: 'Uttar Pradesh', district: 'Lucknow' },
  ],
  pinZones: [],
};

/** `GET /api/delivery`: the rules the cart and checkout show, and the public part of express delivery. */
export type DeliveryPolicy = Pick<DeliveryRules, 'codMaxTotal' | 'cutoff' | 'workingDays' | 'zoneDays'> & { express: ExpressPolicy };
