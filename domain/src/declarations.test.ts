import { describe, expect, it } from 'vitest';
import {
  dimensionsLabel,
  effectiveDeclarations,
  lostDeclarations,
  missingDeclarations,
  netQuantityLabel,
  type DeclarationSubject,
} from './declarations.js';

const maker = { name: 'Ningbo Everbright Luggage Co., Ltd.', address: 'No. 88 Binhai Road, Cixi, Ningbo' };
const importer = { name: 'Bagshop Retail LLP', address: 'Lower Parel, Mumbai 400013' };
const complete: DeclarationSubject = {
  countryOfOrigin: 'India',
  declarations: { genericName: 'Backpack', netQuantity: { value: 1, unit: 'N' }, manufacturer: maker },
  dimensionsCm: { l: 32, b: 18, h: 48 },
  options: [],
  variants: [{ sku: 'BP-1' }],
};

describe('missingDeclarations', () => {
  it('a complete product made in India needs no importer', () => {
    expect(missingDeclarations(complete)).toEqual([]);
  });

  it('names every missing field of a product without options, capitalised', () => {
    expect(missingDeclarations({ countryOfOrigin: 'China', variants: [{ sku: 'X' }] }).map((m) => m.message)).toEqual([
      'Generic name is required',
      'Net quantity is required',
      "Manufacturer's name and address are required",
      'Dimensions (L × B × H in cm) are required',
      'Importer is required for goods made in China',
    ]);
  });

  it('counts blank names, a zero or fractional quantity and out-of-range dimensions as missing', () => {
    const p: DeclarationSubject = {
      ...complete,
      declarations: { genericName: ' ', netQuantity: { value: 1.5, unit: 'N' }, manufacturer: { name: maker.name, address: '' } },
      dimensionsCm: { l: 0, b: 18, h: 301 },
    };
    expect(missingDeclarations(p).map((m) => m.field)).toEqual(['genericName', 'netQuantity', 'manufacturer', 'dimensionsCm']);
  });

  it('names a field only some variants miss per variant, and one all miss once', () => {
    const p: DeclarationSubject = {
      countryOfOrigin: 'China',
      declarations: { genericName: 'Trolley bag', netQuantity: { value: 1, unit: 'N' }, manufacturer: maker },
      options: [{ name: 'Size' }],
      variants: [
        { sku: 'CAB-NVY', dimensionsCm: { length: 38, width: 22, height: 55 } },
        { sku: 'LRG-NVY', declarations: { importer }, dimensionsCm: { length: 50, width: 31, height: 75 } },
        { sku: 'MED-NVY' },
      ],
    };
    expect(missingDeclarations(p)).toEqual([
      { field: 'dimensionsCm', sku: 'MED-NVY', message: 'Variant MED-NVY: dimensions (L × B × H in cm) are required' },
      { field: 'importer', sku: 'CAB-NVY', message: 'Variant CAB-NVY: importer is required for goods made in China' },
      { field: 'importer', sku: 'MED-NVY', message: 'Variant MED-NVY: importer is required for goods made in China' },
    ]);
    expect(missingDeclarations({ ...p, declarations: { ...p.declarations, importer }, dimensionsCm: { l: 40, b: 25, h: 60 } })).toEqual([]);
  });

  it("a variant's declarations override the product's, field by field", () => {
    const v = { declarations: { genericName: 'Cabin trolley' }, dimensionsCm: { length: 38, width: 22, height: 55 } };
    expect(effectiveDeclarations(complete, v)).toMatchObject({
      genericName: 'Cabin trolley',
      netQuantity: { value: 1, unit: 'N' },
      manufacturer: maker,
      dimensionsCm: { l: 38, b: 22, h: 55 },
      countryOfOrigin: 'India',
    });
  });

  it('lostDeclarations: what an edit takes away that was there', () => {
    expect(lostDeclarations(complete, { ...complete, dimensionsCm: undefined }).map((m) => m.field)).toEqual(['dimensionsCm']);
    // A legacy product missing the generic name may still be edited without filling it.
    const legacy = { ...complete, declarations: { ...complete.declarations, genericName: undefined } };
    expect(lostDeclarations(legacy, legacy)).toEqual([]);
    expect(lostDeclarations(complete, { ...complete, countryOfOrigin: 'China' }).map((m) => m.field)).toEqual(['importer']);
  });
});

describe('labels', () => {
  it('writes net quantity and L × B × H as the product page shows them', () => {
    expect(netQuantityLabel({ value: 1, unit: 'N' })).toBe('1 N');
    expect(netQuantityLabel({ value: 3, unit: 'set' })).toBe('Set of 3');
    expect(dimensionsLabel({ l: 38, b: 22, h: 55 })).toBe('38 × 22 × 55 cm');
  });
});
