// `npm run bench:pin`: how long a PIN code lookup takes in the function's memory (issue 13
// asks < 1 ms). Not a test: it prints figures. Measures the one-off decode of the bundled
// directory (the first lookup of a function instance), then every known PIN and as many
// unknown ones, and the full quote (lookup + zone + dates) the delivery route computes.
import { DEFAULT_DELIVERY_RULES, quoteDelivery } from '@bagshop/domain';
import { PIN_CODES } from '../../functions/src/shipping/pin-data.ts';
import { lookupPin, pinCount } from '../../functions/src/shipping/pin-directory.ts';

const ROUNDS = 20;

function known(): string[] {
  const pins: string[] = [];
  let pin = 0;
  for (const entry of PIN_CODES.split(',')) {
    pin += Number.parseInt(entry.split('.')[0] ?? '0', 36);
    pins.push(String(pin));
  }
  return pins;
}

const t0 = process.hrtime.bigint();
lookupPin('400013');
const decodeMs = Number(process.hrtime.bigint() - t0) / 1e6;

const pins = known();
const unknown = Array.from({ length: pins.length }, (_, i) => String(100_000 + ((i * 7919) % 900_000))).filter((p) => !lookupPin(p));

function perCall(label: string, list: string[], fn: (pin: string) => unknown): void {
  for (const pin of list) fn(pin); // warm up
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let r = 0; r < ROUNDS; r += 1) for (const pin of list) sink += fn(pin) ? 1 : 0;
  const ns = Number(process.hrtime.bigint() - start) / (ROUNDS * list.length);
  console.log(`${label.padEnd(44)} ${(ns / 1000).toFixed(3)} µs per PIN  (${ROUNDS} × ${list.length} calls, ${sink} hits)`);
}

const warehouse = lookupPin(DEFAULT_DELIVERY_RULES.warehousePin);
if (!warehouse) throw new Error('warehouse PIN missing');
const now = new Date();

console.log(`PIN directory: ${pinCount()} PIN codes; first lookup (decodes the bundled data): ${decodeMs.toFixed(1)} ms`);
perCall('lookupPin, every known PIN', pins, lookupPin);
perCall('lookupPin, unknown PINs', unknown, lookupPin);
perCall('lookup + quoteDelivery (zone and dates)', pins, (pin) => {
  const place = lookupPin(pin);
  return place && quoteDelivery(place, warehouse, DEFAULT_DELIVERY_RULES, now);
});
