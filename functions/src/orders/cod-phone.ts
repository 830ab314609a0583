/**
 * Cash on delivery needs a verified phone (docs/accounts-privacy.md): the courier calls it and the
 * delivery OTP goes to it. A small check of its own, called by order placement before its
 * transaction; `COD_PHONE_VERIFICATION=off` switches it off. Answers the number the order records.
 */
import type { PaymentMethod } from '@bagshop/domain';
import { serverConfig } from '../config.js';
import { auth } from '../lib/admin.js';
import { badRequest } from '../lib/errors.js';

export const COD_NEEDS_PHONE = 'Verify your phone number to pay cash on delivery';

/** The pure rule: null when the order may go ahead without a phone, the number when it has one, throws otherwise. */
export function codPhoneRule(paymentMethod: PaymentMethod, setting: 'required' | 'off', verifiedPhone: string | null): string | null {
  if (paymentMethod !== 'COD') return verifiedPhone;
  if (verifiedPhone) return verifiedPhone;
  if (setting === 'off') return null;
  throw badRequest(COD_NEEDS_PHONE, [{ field: 'phone', message: COD_NEEDS_PHONE }]);
}

/** The verified phone (E.164) of the Auth user, checked against the COD rule. One Auth lookup, for COD orders only. */
export async function checkCodPhone(uid: string, paymentMethod: PaymentMethod): Promise<string | null> {
  if (paymentMethod !== 'COD') return null;
  const record = await auth.getUser(uid);
  return codPhoneRule(paymentMethod, serverConfig().codPhoneVerification, record.phoneNumber ?? null);
}
