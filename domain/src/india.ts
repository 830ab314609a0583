/** India's 28 states and 8 union territories, by their official names, sorted. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

/** The 8 union territories among INDIAN_STATES. */
export const INDIAN_UNION_TERRITORIES: readonly IndianState[] = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
];

export function isIndianState(x: unknown): x is IndianState {
  return typeof x === 'string' && (INDIAN_STATES as readonly string[]).includes(x);
}

/** A 6-digit Indian PIN code (first digit 1–9). */
export function isIndianPin(s: unknown): boolean {
  return typeof s === 'string' && /^[1-9][0-9]{5}$/.test(s);
}

/** Whether a country field means India (any case, surrounding spaces ignored). */
export function isIndia(country: string): boolean {
  return country.trim().toLowerCase() === 'india';
}
