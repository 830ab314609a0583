/** `settings/shipping`: the seller's shipping settings (issue 40; docs/delivery-and-disclosures.md "Express delivery"). */
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from '../delivery.js';
import { shippingSettingsSchema } from '../schemas/delivery.js';

/**
 * The stored settings over the defaults; the defaults while the document does not exist.
 * A damaged document reads as the defaults too, with `invalid` naming the first problem (logged by the caller).
 */
export function shippingSettingsFromData(data: unknown): { settings: ShippingSettings; invalid: string | null } {
  if (typeof data !== 'object' || data === null) return { settings: DEFAULT_SHIPPING_SETTINGS, invalid: null };
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...stored } = data as Record<string, unknown>;
  const parsed = shippingSettingsSchema.safeParse({ ...DEFAULT_SHIPPING_SETTINGS, ...stored });
  if (parsed.success) return { settings: parsed.data, invalid: null };
  return { settings: DEFAULT_SHIPPING_SETTINGS, invalid: parsed.error.issues[0]?.message ?? 'invalid' };
}
