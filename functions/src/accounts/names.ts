import { LIMITS } from '@bagshop/domain';

/**
 * A profile's names from an account's display name: the first word is the first name, the rest
 * the last name ('Asha Rani Menon' → Asha / Rani Menon). Without a display name the part of the
 * email before '@' is the first name. Each is cut to the profile limit.
 */
export function splitDisplayName(displayName: string | undefined | null, email: string | null): { firstname: string; lastname: string } {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? (email ? (email.split('@')[0] ?? '') : '');
  const last = words.slice(1).join(' ');
  return { firstname: first.slice(0, LIMITS.name), lastname: last.slice(0, LIMITS.name) };
}
