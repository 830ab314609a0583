/**
 * The seller's shipping settings (`settings/shipping`, issue 40): express on or off, its fee and
 * free-above threshold, cash on delivery with express, the tier-1 cities and the courier's
 * PIN-to-zone table (docs/delivery-and-disclosures.md "Express delivery"). Only admins write
 * them, through /api/admin/settings/shipping; the server reads them for quotes and orders.
 */
import {
  shippingSettingsFromData,
  unknownPinMessage,
  type DistrictRef,
  type ShippingSettings,
  type ShippingSettingsInput,
} from '@bagshop/domain';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { db } from '../lib/admin.js';
import { badRequest } from '../lib/errors.js';
import { findDistrict, lookupPin } from '../shipping/pin-directory.js';

export const SHIPPING_SETTINGS = 'settings/shipping';
const settingsDoc = () => db.doc(SHIPPING_SETTINGS);

/** The stored settings; the defaults (express free to metro and tier-1 cities) while none are saved or when damaged (logged). */
export async function readShippingSettings(tx?: Transaction): Promise<ShippingSettings> {
  const snap = tx ? await tx.get(settingsDoc()) : await settingsDoc().get();
  const { settings, invalid } = shippingSettingsFromData(snap.exists ? snap.data() : undefined);
  if (invalid) logger.error('shipping_settings_invalid', { message: invalid });
  return settings;
}

function canonical(list: DistrictRef[]): DistrictRef[] {
  return list.map((d, i) => {
    const found = findDistrict(d.state, d.district);
    if (!found) {
      const message = `There is no district "${d.district}" in ${d.state}`;
      throw badRequest(message, [{ field: `tier1Districts.${i}.district`, message }]);
    }
    return found;
  });
}

/** PUT /api/admin/settings/shipping: PINs and districts must be in the directory (400 otherwise). */
export async function saveShippingSettings(input: ShippingSettingsInput, by: string): Promise<ShippingSettings> {
  const unknown = input.pinZones.find((row) => !lookupPin(row.pin));
  if (unknown) throw badRequest(unknownPinMessage(unknown.pin), [{ field: 'pinZones', message: unknownPinMessage(unknown.pin) }]);
  const settings: ShippingSettings = { ...input, tier1Districts: canonical(input.tier1Districts) };
  await settingsDoc().set({ ...settings, updatedAt: FieldValue.serverTimestamp(), updatedBy: by });
  return settings;
}
