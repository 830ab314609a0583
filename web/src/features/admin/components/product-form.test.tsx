import {
  DISCOUNT_OVER_PRICE,
  GALLERY_MESSAGES,
  HSN_MESSAGE,
  NON_RETURNABLE_REASON_REQUIRED,
  PRICE_MESSAGE,
  PRODUCT_REQUIRED,
  STOCK_MESSAGE,
  type Product,
} from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@bagshop/domain';
import { ProductForm } from './product-form';

function setup(product?: Product) {
  const onSubmit = vi.fn();
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const view = render(<ProductForm product={product} onSubmit={onSubmit} />);
  const fileInput = () => view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { onSubmit, user, fileInput, ...view };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, values: { price?: string; discount?: string; stock?: string } = {}) {
  await user.type(screen.getByLabelText(/^Name/), 'Trailblazer Cabin Trolley');
  await user.type(screen.getByLabelText(/^Price/), values.price ?? '4999');
  if (values.discount !== '') await user.type(screen.getByLabelText(/^Discount/), values.discount ?? '1800');
  await user.type(screen.getByLabelText(/^Stock/), values.stock ?? '12');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'luggage');
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Add Product' }));

const editable: Product = {
  _id: 'p2',
  name: 'Metro Backpack',
  description: '',
  price: 1500,
  discount: 0,
  category: 'backpacks',
  stock: 4,
  countryOfOrigin: 'India',
  image: { url: '', hash: '' },
  images: [],
  createdAt: '2026-11-02T00:00:00.000Z',
  updatedAt: '2026-11-20T09:15:42.123Z',
};

describe('ProductForm', { timeout: 30_000 }, () => {
  it('says which fields are required and does not submit an empty form', async () => {
    const { user, onSubmit } = setup();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_REQUIRED);
    expect(screen.getAllByText('Required')).toHaveLength(4);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a price of 0 and stock above 10,000', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, { price: '0', discount: '', stock: '20000' });
    await submit(user);
    expect(await screen.findByText(PRICE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(STOCK_MESSAGE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a discount above the price', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, { price: '1000', discount: '1500' });
    await submit(user);
    expect(await screen.findByText(DISCOUNT_OVER_PRICE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits whole-number fields and the chosen images, in order', async () => {
    const { user, onSubmit, fileInput } = setup();
    await fillValid(user);
    expect(screen.getByText('Sells at ₹3,199 (36% off)')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bag.png', { type: 'image/png' });
    const side = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1])], 'side.png', { type: 'image/png' });
    await user.upload(fileInput(), [png, side]);
    expect(await screen.findByText('2 of 6')).toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        name: 'Trailblazer Cabin Trolley',
        description: '',
        price: 4999,
        discount: 1800,
        category: 'luggage',
        stock: 12,
        countryOfOrigin: 'India',
        hsn: '4202',
        gstRatePercent: 18,
        returnable: true,
        nonReturnableReason: '',
        // A new product is one piece (N) and a draft until published (docs/legal-metrology.md).
        declarations: JSON.stringify({ netQuantity: { value: 1, unit: 'N' } }),
        published: false,
      },
      [expect.objectContaining({ file: png }), expect.objectContaining({ file: side })],
    );
  });

  it('moves and removes pictures; a seventh is refused', async () => {
    const { user, onSubmit, fileInput } = setup();
    await fillValid(user);
    const files = Array.from(
      { length: 8 },
      (_, i) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, i])], `bag-${i}.png`, { type: 'image/png' }),
    );
    await user.upload(fileInput(), files.slice(0, 4));
    await user.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Remove picture 4' }));
    await user.click(screen.getByRole('button', { name: 'Move picture 1 later' }));
    expect(screen.getByText('3 of 6')).toBeInTheDocument();
    await user.upload(fileInput(), files.slice(4, 6));
    expect(await screen.findByText('5 of 6')).toBeInTheDocument();
    // Room for one more: the first is added, the other refused.
    await user.upload(fileInput(), files.slice(6, 8));
    expect(await screen.findByRole('alert')).toHaveTextContent(GALLERY_MESSAGES.tooMany);
    expect(screen.getByText('6 of 6')).toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = (onSubmit.mock.calls[0]?.[1] as { file: File }[]).map((item) => item.file.name);
    expect(sent).toEqual(['bag-2.png', 'bag-0.png', 'bag-1.png', 'bag-4.png', 'bag-5.png', 'bag-6.png']);
  });

  it('sends the HSN code and GST rate chosen, and refuses an HSN code that is not 4, 6 or 8 digits', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    const hsn = screen.getByLabelText(/^HSN code/);
    expect(hsn).toHaveValue('4202');
    expect(screen.getByLabelText(/^GST rate/)).toHaveValue('18');
    await user.clear(hsn);
    await user.type(hsn, '42022');
    await submit(user);
    expect(await screen.findByText(HSN_MESSAGE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(hsn, '2');
    await user.selectOptions(screen.getByLabelText(/^GST rate/), '5');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ hsn: '420222', gstRatePercent: 5 });
  });

  it('marks a product not returnable, with the reason shoppers see before they buy', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    const returnable = screen.getByRole('checkbox', { name: /Can be returned/ });
    expect(returnable).toBeChecked();
    expect(screen.queryByLabelText(/^Why it cannot be returned/)).not.toBeInTheDocument();
    await user.click(returnable);
    await submit(user);
    expect(await screen.findByText(NON_RETURNABLE_REASON_REQUIRED)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Why it cannot be returned/), 'Personalised with your initials');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ returnable: false, nonReturnableReason: 'Personalised with your initials' });
  });

  it('editing: loads a non-returnable product as such, and making it returnable again clears the reason', async () => {
    const { user, onSubmit } = setup({ ...editable, returnable: false, nonReturnableReason: 'Hygiene: inner pouch' });
    expect(screen.getByRole('checkbox', { name: /Can be returned/ })).not.toBeChecked();
    expect(screen.getByLabelText(/^Why it cannot be returned/)).toHaveValue('Hygiene: inner pouch');
    await user.click(screen.getByRole('checkbox', { name: /Can be returned/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ returnable: true, nonReturnableReason: '', expectedUpdatedAt: editable.updatedAt });
  });

  it('rejects an image that is not JPEG, PNG or WebP', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), new File(['GIF89a'], 'bag.gif', { type: 'image/gif' }));
    expect(await screen.findByText(IMAGE_TYPE_MESSAGE)).toBeInTheDocument();
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'bag.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(IMAGE_TYPE_MESSAGE)).toBeInTheDocument();
  });

  it('rejects an image over 5 MB and submits without it', async () => {
    const { user, fileInput, onSubmit } = setup();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(fileInput(), big);
    expect(await screen.findByText(IMAGE_SIZE_MESSAGE)).toBeInTheDocument();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual([]);
  });

  it('starts from the product when editing', async () => {
    const product: Product = {
      _id: 'p1',
      name: 'Summit Duffle 60L',
      description: 'Roomy.',
      price: 3000,
      discount: 300,
      category: 'duffles',
      stock: 4,
      countryOfOrigin: 'India',
      image: { url: '/api/images/abc', hash: 'abc' },
      images: [{ url: '/api/images/abc', hash: 'abc' }],
      hsn: '420292',
      gstRatePercent: 12,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const { user, onSubmit } = setup(product);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Summit Duffle 60L');
    expect(screen.getByAltText('Picture 1 of 1 (main)')).toHaveAttribute('src', '/api/images/abc');
    const discount = screen.getByLabelText(/^Discount/);
    await user.clear(discount);
    await user.type(discount, '1200');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Only what changed, and the version it was based on: the stock it loaded is not sent back.
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ discount: 1200, expectedUpdatedAt: '2026-11-01T00:00:00.000Z' });
  });

  it('sends a stock change with the updatedAt the form loaded', async () => {
    const { user, onSubmit } = setup(editable);
    const stock = screen.getByLabelText(/^Stock/);
    await user.clear(stock);
    await user.type(stock, '9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ stock: 9, expectedUpdatedAt: editable.updatedAt });
    expect(onSubmit.mock.calls[0]?.[1]).toEqual([]);
  });
});
