/** `users/{uid}`: a shopper's or an admin's profile (docs/architecture.md, "Data model"). */
import { isLocale } from '../locale.js';
import type { Role } from '../schemas/users.js';
import type { Locale } from '../locale.js';
import type { FullName, User } from '../types.js';
import { Fields } from './plain.js';

export function fullNameOf(d: Fields): FullName {
  const name = d.object('fullname');
  return { firstname: name.text('firstname'), lastname: name.text('lastname') };
}

/**
 * A stored profile as the API's User. `role` is passed in: the Auth claim is the truth, the
 * profile's `role` only mirrors it (decision 0008).
 */
export function profileFromData(uid: string, data: unknown, role: Role): User {
  const d = Fields.of(data, `users/${uid}`);
  return {
    _id: uid,
    fullname: fullNameOf(d),
    email: d.text('email'),
    phonenumber: d.text('phonenumber'),
    role,
    createdAt: d.date('createdAt'),
    // The chosen language (docs/i18n.md); absent until the shopper picks one.
    ...(isLocale(d.raw('locale')) ? { locale: d.text('locale') as Locale } : {}),
  };
}
