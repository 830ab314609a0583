import { describe, expect, it } from 'vitest';
import {
  formatPaise,
  GST_STATE_CODES,
  gstinCheckChar,
  gstinProblem,
  gstStateCode,
  invoiceLines,
  isValidGstin,
  numberInWordsIN,
  principalGoods,
  feeRateGoods,
  rupeesInWords,
  splitTax,
  stateOfGstCode,
  taxableFromGross,
  taxTotals,
  type TaxableGoods,
} from './gst.js';
import { INDIAN_STATES } from './india.js';

const goods = (over: Partial<TaxableGoods> = {}): TaxableGoods => ({
  name: 'Voyager Cabin Trolley',
  hsn: '4202',
  quantity: 1,
  ratePercent: 18,
  unitPricePaise: 499_900,
  discountPaise: 0,
  ...over,
});

describe('tax worked back from a tax-inclusive price', () => {
  it('the issue’s example: ₹4,999.00 at 18 % is 4,236.44 taxable + 381.28 CGST + 381.28 SGST', () => {
    expect(splitTax(499_900, 18, true)).toEqual({ taxablePaise: 423_644, cgstPaise: 38_128, sgstPaise: 38_128, igstPaise: 0 });
  });

  it('the same line to another state is IGST 18 % ₹762.56', () => {
    expect(splitTax(499_900, 18, false)).toEqual({ taxablePaise: 423_644, cgstPaise: 0, sgstPaise: 0, igstPaise: 76_256 });
  });

  it('an odd paisa of tax goes to the taxable value, so CGST = SGST and the parts add up to the gross', () => {
    // ₹100.00 at 18 %: taxable 84.75, tax 15.25 (odd): 84.76 + 7.62 + 7.62.
    expect(taxableFromGross(10_000, 18)).toBe(8_475);
    expect(splitTax(10_000, 18, true)).toEqual({ taxablePaise: 8_476, cgstPaise: 762, sgstPaise: 762, igstPaise: 0 });
    expect(splitTax(10_000, 18, false)).toEqual({ taxablePaise: 8_475, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_525 });
  });

  it.each([
    // gross, rate, taxable, tax
    [10_500, 5, 10_000, 500],
    [11_200, 12, 10_000, 1_200],
    [11_800, 18, 10_000, 1_800],
    [12_800, 28, 10_000, 2_800],
    [99_900, 5, 95_143, 4_757],
    [99_900, 12, 89_196, 10_704],
    [99_900, 28, 78_047, 21_853],
    [1, 18, 1, 0],
    [0, 18, 0, 0],
  ])('%i paise at %i %% → taxable %i, tax %i', (gross, rate, taxable, tax) => {
    expect(taxableFromGross(gross, rate)).toBe(taxable);
    const inter = splitTax(gross, rate, false);
    expect(inter.taxablePaise + inter.igstPaise).toBe(gross);
    expect(inter.igstPaise).toBe(tax);
  });

  it('rounds half up (an exact half happens at 12 %: 14 × 100 / 112 = 12.5)', () => {
    expect(taxableFromGross(11_144, 12)).toBe(9_950);
    // 14 × 100 / 112 = 12.5 → 13
    expect(taxableFromGross(14, 12)).toBe(13);
  });

  it('at 0 % there is no tax', () => {
    expect(splitTax(12_345, 0, true)).toEqual({ taxablePaise: 12_345, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('for any gross and rate, intra-state halves are equal and every split adds up exactly', () => {
    for (const rate of [0, 5, 12, 18, 28, 40]) {
      for (let gross = 0; gross < 3_000; gross += 7) {
        const intra = splitTax(gross, rate, true);
        expect(intra.cgstPaise).toBe(intra.sgstPaise);
        expect(intra.taxablePaise + intra.cgstPaise + intra.sgstPaise).toBe(gross);
        const inter = splitTax(gross, rate, false);
        expect(inter.taxablePaise + inter.igstPaise).toBe(gross);
        expect(Math.abs(intra.taxablePaise - inter.taxablePaise)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('invoice lines', () => {
  it('several lines at several rates, with and without discounts, total exactly what was paid', () => {
    const lines = invoiceLines(
      [
        goods({ quantity: 2, unitPricePaise: 499_900, discountPaise: 2 * 185_000 }), // 2 × (4,999 − 1,850)
        goods({ name: 'Jute tote', hsn: '4202', ratePercent: 5, unitPricePaise: 79_900 }),
        goods({ name: 'Old stock', ratePercent: 12, unitPricePaise: 129_900, discountPaise: 30_000, quantity: 1 }),
        goods({ name: 'Luxury trunk', ratePercent: 28, unitPricePaise: 1_999_900, quantity: 1 }),
      ],
      true,
    );
    expect(lines.map((l) => l.grossPaise)).toEqual([629_800, 79_900, 99_900, 1_999_900]);
    // Line 1: 6,298.00 at 18 % → taxable 5,337.29 (tax 960.71 is odd: 5,337.30 + 480.35 + 480.35).
    expect(lines[0]).toMatchObject({ taxablePaise: 533_730, cgstPaise: 48_035, sgstPaise: 48_035, discountPaise: 370_000 });
    expect(lines[1]).toMatchObject({ ratePercent: 5, taxablePaise: 76_096, cgstPaise: 1_902, sgstPaise: 1_902 });
    expect(lines[2]).toMatchObject({ ratePercent: 12, taxablePaise: 89_196, cgstPaise: 5_352, sgstPaise: 5_352 });
    expect(lines[3]).toMatchObject({ ratePercent: 28, taxablePaise: 1_562_422, cgstPaise: 218_739, sgstPaise: 218_739 });
    const totals = taxTotals(lines);
    expect(totals.grossPaise).toBe(629_800 + 79_900 + 99_900 + 1_999_900);
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.grossPaise);
    expect(totals.igstPaise).toBe(0);
  });

  it('a fee (COD, shipping) is taxed at the rate and HSN of the principal goods line; a free one has no line', () => {
    const lines = invoiceLines(
      [goods({ ratePercent: 5, unitPricePaise: 50_000 }), goods({ ratePercent: 18, unitPricePaise: 300_000 })],
      false,
      [
        { name: 'Cash on delivery fee', grossPaise: 4_900 },
        { name: 'Shipping', grossPaise: 0 },
      ],
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({
      name: 'Cash on delivery fee',
      ratePercent: 18,
      hsn: '4202',
      quantity: 1,
      grossPaise: 4_900,
      taxablePaise: 4_153,
      igstPaise: 747,
    });
    expect(principalGoods([])).toBeNull();
  });

  it('a discount equal to the price leaves a zero line with no tax', () => {
    const [line] = invoiceLines([goods({ unitPricePaise: 10_000, discountPaise: 10_000 })], true);
    expect(line).toMatchObject({ grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 });
  });
});

describe('state codes', () => {
  it('has a distinct two-digit code for every state and union territory', () => {
    const codes = INDIAN_STATES.map((s) => GST_STATE_CODES[s]);
    expect(codes.every((c) => /^\d{2}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(INDIAN_STATES.length);
  });

  it('knows the current codes (Andhra Pradesh 37, Ladakh 38, the merged UT 26)', () => {
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Delhi')).toBe('07');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Telangana')).toBe('36');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(gstStateCode('  tamil nadu ')).toBe('33');
    expect(gstStateCode('Atlantis')).toBeNull();
    expect(stateOfGstCode('29')).toBe('Karnataka');
    expect(stateOfGstCode('25')).toBeNull();
  });
});

describe('GSTIN', () => {
  it('accepts the demo seller’s GSTIN and computes its check character', () => {
    expect(gstinCheckChar('27AAPFB1234C1Z')).toBe('U');
    expect(isValidGstin('27AAPFB1234C1ZU')).toBe(true);
    expect(isValidGstin('27AAPFB1234C1ZU', 'Maharashtra')).toBe(true);
  });

  it('agrees with published GSTINs', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
  });

  it('tells a format error, a wrong check character and a state mismatch apart', () => {
    expect(gstinProblem('27AAPFB1234C1Z')).toBe('format');
    expect(gstinProblem('27aapfb1234c1zu')).toBe('format');
    expect(gstinProblem('27AAPFB1234C0ZU')).toBe('format'); // entity number 0
    expect(gstinProblem('27AAPFB1234C1YU')).toBe('format'); // 14th must be Z
    expect(gstinProblem('27AAPFB1234C1ZV')).toBe('checksum');
    expect(gstinProblem('27AAPFB1243C1ZU')).toBe('checksum'); // two digits swapped
    expect(gstinProblem('27AAPFB1234C1ZU', 'Karnataka')).toBe('state');
    expect(gstinProblem(`29AAPFB1234C1Z${gstinCheckChar('29AAPFB1234C1Z')}`, 'Karnataka')).toBeNull();
  });

  it('catches every single-character typo in the demo GSTIN’s PAN and codes', () => {
    const valid = '27AAPFB1234C1ZU';
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (let i = 0; i < 14; i += 1) {
      for (const c of alphabet) {
        if (c === valid[i]) continue;
        const typo = valid.slice(0, i) + c + valid.slice(i + 1);
        expect(isValidGstin(typo), typo).toBe(false);
      }
    }
  });
});

describe('amounts', () => {
  it('formats paise with en-IN grouping and two decimals', () => {
    expect(formatPaise(423_644)).toBe('4,236.44');
    expect(formatPaise(499_900, { symbol: true })).toBe('₹4,999.00');
    expect(formatPaise(1_234_567_89, { symbol: true })).toBe('₹12,34,567.89');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(-76_256, { symbol: true })).toBe('−₹762.56');
  });

  it('writes rupees in words the Indian way', () => {
    expect(numberInWordsIN(4_999)).toBe('Four Thousand Nine Hundred Ninety-Nine');
    expect(numberInWordsIN(1_25_00_000)).toBe('One Crore Twenty-Five Lakh');
    expect(numberInWordsIN(10_05_011)).toBe('Ten Lakh Five Thousand Eleven');
    expect(rupeesInWords(499_900)).toBe('Rupees Four Thousand Nine Hundred Ninety-Nine only');
    expect(rupeesInWords(100_050)).toBe('Rupees One Thousand and Fifty Paise only');
    expect(rupeesInWords(0)).toBe('Rupees Zero only');
  });
});

describe('the delivery fee line (issue 40)', () => {
  it('takes the highest rate of mixed goods, even when a lower-rated line is larger, split as the goods', () => {
    const goodsLines = [
      { name: 'Jute tote', hsn: '420222', quantity: 1, ratePercent: 5, unitPricePaise: 900_000, discountPaise: 0 },
      { name: 'Trolley', hsn: '4202', quantity: 1, ratePercent: 18, unitPricePaise: 300_000, discountPaise: 0 },
    ];
    expect(feeRateGoods(goodsLines)?.name).toBe('Trolley');
    const intra = invoiceLines(goodsLines, true, [{ name: 'Express delivery', grossPaise: 14_900 }]);
    // ₹149.00 at 18 %: taxable 126.27, tax 22.73 (odd) → 126.28 + 11.36 + 11.36 within the state.
    expect(intra[2]).toMatchObject({
      name: 'Express delivery',
      ratePercent: 18,
      hsn: '4202',
      taxablePaise: 12_628,
      cgstPaise: 1_136,
      sgstPaise: 1_136,
    });
    const inter = invoiceLines(goodsLines, false, [{ name: 'Express delivery', grossPaise: 14_900 }]);
    expect(inter[2]).toMatchObject({ taxablePaise: 12_627, igstPaise: 2_273, cgstPaise: 0 });
    expect(taxTotals(inter).grossPaise).toBe(900_000 + 300_000 + 14_900);
  });
});
