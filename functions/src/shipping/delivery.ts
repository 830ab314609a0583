/**
 * Delivery by PIN code on the server (docs/delivery-and-disclosures.md): the rules in
 * `settings/delivery`, the public quote, the address PIN ↔ state check and the checks an
 * order must pass inside its transaction.
 */
import {
  codRefusal,
  DEFAULT_DELIVERY_RULES,
  expressCodMessage,
  expressPolicyOf,
  deliveryRulesSchema,
  isIndia,
  isServiceable,
  nextQuoteChange,
  orderDelivery,
  OUTSIDE_INDIA_MESSAGE,
  pinStateMismatchMessage,
  quoteDelivery,
  unknownPinMessage,
  unservedPinMessage,
  type DeliveryPolicy,
  type DeliveryQuote,
  type DeliveryRules,
  type DeliverySpeed,
  type DeliveryRulesInput,
  type DistrictRef,
  type OrderDelivery,
  type PaymentMethod,
  type PinPlace,
} from '@bagshop/domain';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { readShippingSettings } from './settings.js';
import { findDistrict, lookupPin } from './pin-directory.js';

export const DELIVERY_SETTINGS = 'settings/delivery';
const rulesDoc = () => db.doc(DELIVERY_SETTINGS);

/** How long a quote may be cached at most (the CDN and the browser), seconds. */
export const QUOTE_MAX_AGE = 300;

/** The stored rules; the defaults while the document does not exist (or, logged, when it is damaged). */
export async function readDeliveryRules(tx?: Transaction): Promise<DeliveryRules> {
  const snap = tx ? await tx.get(rulesDoc()) : await rulesDoc().get();
  if (!snap.exists) return DEFAULT_DELIVERY_RULES;
  const parsed = deliveryRulesSchema.safeParse({ ...DEFAULT_DELIVERY_RULES, ...snap.data() });
  if (parsed.success) return parsed.data;
  logger.error('delivery_settings_invalid', { message: parsed.error.issues[0]?.message });
  return DEFAULT_DELIVERY_RULES;
}

function warehouseOf(rules: DeliveryRules): PinPlace {
  const place = lookupPin(rules.warehousePin);
  // Saving checks the warehouse PIN, so this means the directory lost it in an update.
  if (!place) throw new HttpError(500, `The warehouse PIN code ${rules.warehousePin} is not in the PIN directory`);
  return place;
}

/** The quote for a PIN, and how many seconds it may be cached (never past the next cut-off or midnight). */
export async function deliveryQuote(pin: string, now = new Date()): Promise<{ quote: DeliveryQuote; maxAge: number }> {
  const place = lookupPin(pin);
  if (!place) throw notFound(unknownPinMessage(pin));
  const [rules, shipping] = await Promise.all([readDeliveryRules(), readShippingSettings()]);
  const quote = quoteDelivery(place, warehouseOf(rules), rules, now, shipping);
  const untilChange = Math.floor((nextQuoteChange(now, rules).getTime() - now.getTime()) / 1000);
  return { quote, maxAge: Math.max(0, Math.min(QUOTE_MAX_AGE, untilChange)) };
}

/** What the cart and checkout need besides the quote (`GET /api/delivery`). */
export async function deliveryPolicy(): Promise<DeliveryPolicy> {
  const [rules, shipping] = await Promise.all([readDeliveryRules(), readShippingSettings()]);
  return {
    codMaxTotal: rules.codMaxTotal,
    cutoff: rules.cutoff,
    workingDays: rules.workingDays,
    zoneDays: rules.zoneDays,
    express: expressPolicyOf(rules, shipping),
  };
}

interface AddressPin {
  postalCode: string;
  state: string;
  country: string;
}

/**
 * An Indian address's PIN must exist and lie in the address's state (400 otherwise). Returns
 * the PIN's place; null for an address outside India, which this check leaves alone.
 */
export function checkAddressPin(address: AddressPin): PinPlace | null {
  if (!isIndia(address.country)) return null;
  const place = lookupPin(address.postalCode);
  if (!place)
    throw badRequest(unknownPinMessage(address.postalCode), [{ field: 'postalCode', message: unknownPinMessage(address.postalCode) }]);
  if (place.state !== address.state) {
    const message = pinStateMismatchMessage(place.pin, place.state, address.state);
    throw badRequest(message, [{ field: 'postalCode', message }]);
  }
  return place;
}

/**
 * Inside the order's transaction (reads, no writes): the address must be in India, its PIN
 * known, in its state and served; express only where the courier serves it (409); cash on
 * delivery must be allowed for that PIN, speed and total (the goods and the delivery fee).
 * Returns the delivery promise the order stores, with its speed and fee (whole rupees, computed
 * here from the settings, never from the client; issue 40).
 */
export async function checkOrderDelivery(
  tx: Transaction,
  address: AddressPin,
  paymentMethod: PaymentMethod,
  goodsTotal: number,
  speed: DeliverySpeed = 'standard',
  now = new Date(),
): Promise<OrderDelivery> {
  const place = checkAddressPin(address);
  if (!place) throw conflict(OUTSIDE_INDIA_MESSAGE);
  const rules = await readDeliveryRules(tx);
  const shipping = await readShippingSettings(tx);
  if (!isServiceable(place, rules)) throw conflict(unservedPinMessage(place.pin));
  let delivery: OrderDelivery;
  try {
    delivery = orderDelivery(place, warehouseOf(rules), rules, now, { speed, goodsTotal, shipping });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw conflict(error instanceof Error ? error.message : String(error));
  }
  if (paymentMethod === 'COD') {
    const refusal = codRefusal(place.pin, goodsTotal + delivery.fee, rules);
    if (refusal) throw conflict(refusal);
    if (speed === 'express' && !shipping.expressCod) throw conflict(expressCodMessage);
  }
  return delivery;
}

function canonicalDistricts(list: DistrictRef[], field: string): DistrictRef[] {
  return list.map((d, i) => {
    const found = findDistrict(d.state, d.district);
    if (!found) {
      const message = `There is no district "${d.district}" in ${d.state}`;
      throw badRequest(message, [{ field: `${field}.${i}.district`, message }]);
    }
    return found;
  });
}

/** PUT /api/admin/delivery: PINs and districts must be in the directory; districts are stored in its spelling. */
export async function saveDeliveryRules(input: DeliveryRulesInput, by: string): Promise<DeliveryRules> {
  if (!lookupPin(input.warehousePin)) {
    throw badRequest(unknownPinMessage(input.warehousePin), [{ field: 'warehousePin', message: unknownPinMessage(input.warehousePin) }]);
  }
  for (const field of ['unservedPins', 'codOffPins'] as const) {
    const unknown = input[field].find((pin) => !lookupPin(pin));
    if (unknown) throw badRequest(unknownPinMessage(unknown), [{ field, message: unknownPinMessage(unknown) }]);
  }
  const rules: DeliveryRules = {
    ...input,
    cityDistricts: canonicalDistricts(input.cityDistricts, 'cityDistricts'),
    metroDistricts: canonicalDistricts(input.metroDistricts, 'metroDistricts'),
    unservedDistricts: canonicalDistricts(input.unservedDistricts, 'unservedDistricts'),
  };
  await rulesDoc().set({ ...rules, updatedAt: FieldValue.serverTimestamp(), updatedBy: by });
  return rules;
}
