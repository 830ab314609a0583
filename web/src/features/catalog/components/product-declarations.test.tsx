import { DEMO_SELLER, type Product, type SellerInfo } from '@bagshop/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductDeclarations } from './product-declarations';

const care = { name: 'Bagshop Care', address: 'Lower Parel, Mumbai 400013', phone: '+91 22 4000 1234', email: 'care@bagshop.test' };
const seller = { ...DEMO_SELLER, consumerCare: care } as unknown as SellerInfo;
const product = {
  _id: 'p',
  name: 'Voyager',
  price: 3999,
  discount: 0,
  countryOfOrigin: 'China',
  declarations: {
    genericName: 'Hard-shell trolley bag',
    netQuantity: { value: 1, unit: 'N' },
    manufacturer: { name: 'Ningbo Everbright', address: 'Cixi, Ningbo' },
    importer: { name: 'Bagshop Retail LLP', address: 'Mumbai' },
  },
  options: [{ name: 'Size', values: ['Cabin', 'Large'] }],
  variants: [
    {
      _id: 'c',
      sku: 'VOY-CAB',
      options: { Size: 'Cabin' },
      price: 3999,
      discount: 0,
      stock: 1,
      images: [],
      dimensionsCm: { length: 38, width: 22, height: 55 },
    },
    {
      _id: 'l',
      sku: 'VOY-LRG',
      options: { Size: 'Large' },
      price: 5999,
      discount: 0,
      stock: 1,
      images: [],
      dimensionsCm: { length: 50, width: 31, height: 75 },
    },
  ],
} as unknown as Product;

function show(variantId?: string) {
  const variant = product.variants?.find((v) => v._id === variantId);
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => ({ seller }), element: <ProductDeclarations product={product} variant={variant} /> }],
    {
      hydrationData: { loaderData: { root: { seller } } },
    },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('ProductDeclarations', () => {
  it('lists every declaration, with consumer care from the seller settings', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Product details (as required by law)' })).toBeInTheDocument();
    expect(screen.getByTestId('decl-generic-name')).toHaveTextContent('Hard-shell trolley bag');
    expect(screen.getByTestId('decl-net-quantity')).toHaveTextContent('1 N');
    expect(screen.getByTestId('decl-dimensions')).toHaveTextContent('Choose a size to see its dimensions');
    expect(screen.getByTestId('decl-mrp')).toHaveTextContent('From ₹3,999');
    expect(screen.getByTestId('country-of-origin')).toHaveTextContent('China');
    expect(screen.getByTestId('decl-importer')).toHaveTextContent('Bagshop Retail LLP, Mumbai');
    expect(screen.getByTestId('decl-consumer-care')).toHaveTextContent(
      'Bagshop Care, Lower Parel, Mumbai 400013 · +91 22 4000 1234 · care@bagshop.test',
    );
  });

  it('follows the chosen variant: its L × B × H and MRP', () => {
    show('l');
    expect(screen.getByTestId('decl-dimensions')).toHaveTextContent('50 × 31 × 75 cm');
    expect(screen.getByTestId('decl-mrp')).toHaveTextContent('₹5,999 (SKU VOY-LRG)');
  });
});
