import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../testing/render';
import { DeclarationsSection, declarationValuesOf, formMissing, type DeclarationValues } from './declarations-section';
import type { VariantsValue } from './variants-editor';

const complete: DeclarationValues = {
  ...declarationValuesOf(null),
  genericName: 'Hard-shell trolley bag',
  manufacturerName: 'Ningbo Everbright Luggage Co., Ltd.',
  manufacturerAddress: 'Ningbo, Zhejiang, China',
  importerName: 'Bagshop Retail LLP',
  importerAddress: 'Andheri East, Mumbai 400069',
  dimL: '44',
  dimB: '27',
  dimH: '65',
};

const twoSizes: VariantsValue = {
  options: [{ name: 'Size', values: ['Cabin', 'Large'] }],
  rows: [
    { sku: 'CAB', options: { Size: 'Cabin' }, price: 4999, discount: 0, stock: 5, pictures: '' },
    { sku: 'LRG', options: { Size: 'Large' }, price: 6999, discount: 0, stock: 5, pictures: '' },
  ],
};

let latest: VariantsValue = twoSizes;
function Harness() {
  const [variants, setVariants] = useState(twoSizes);
  latest = variants;
  return (
    <DeclarationsSection
      values={complete}
      errors={{}}
      onChange={() => {}}
      variants={variants}
      onVariantsChange={setVariants}
      missing={formMissing(complete, 'China', variants)}
      published={false}
      onPublishedChange={() => {}}
    />
  );
}

describe('DeclarationsSection per-variant overrides', () => {
  it('overrides each declaration for one variant, and a blank override follows the product again', { timeout: 20_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.type(screen.getByLabelText('Size: Large: generic name'), 'Check-in');
    await user.type(screen.getByLabelText('Size: Large: net quantity'), '3');
    await user.selectOptions(screen.getByLabelText('Size: Large: net quantity unit'), 'set');
    await user.type(screen.getByLabelText('Size: Large: packer name'), 'EB Pack');
    await user.type(screen.getByLabelText('Size: Large: packer address'), 'Ningbo');
    expect(latest.rows[1]?.declarations).toEqual({
      genericName: 'Check-in',
      netQuantity: { value: 3, unit: 'set' },
      packer: { name: 'EB Pack', address: 'Ningbo' },
    });
    expect(latest.rows[0]?.declarations).toBeUndefined();
    await user.clear(screen.getByLabelText('Size: Large: generic name'));
    expect(latest.rows[1]?.declarations?.genericName).toBeUndefined();
    expect(screen.getByTestId('declarations-checklist')).toHaveTextContent('ready to publish');
  });

  it("names a variant's own half-filled manufacturer in the checklist", { timeout: 20_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.type(screen.getByLabelText('Size: Cabin: manufacturer name'), 'X');
    expect(screen.getByTestId('declarations-checklist')).toHaveTextContent(/CAB/);
  });
});
