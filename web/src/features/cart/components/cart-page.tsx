import { joinCart, lineOffer, MAX_QUANTITY, orderTotals, type CartLine } from '@bagshop/domain';
import { Button, Center, Container, Grid, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCartPricing } from '../../../lib/cart-pricing';
import { DeliveryCheck } from '../../../components/delivery-check';
import { cartApi } from '../api/cart-api';
import { useLiveCart, useLiveProducts } from '../use-live-cart';
import { CartLineItem, type LineAction } from './cart-line-item';
import { CartSummary } from './cart-summary';
import { UnavailableLines } from './unavailable-lines';

/** What the checkout dialog orders: the whole cart, or one product ("Buy Now"). */
export interface CheckoutRequest {
  lines: CartLine[];
  productId?: string;
  /** Buy Now of a product with variants: which one (docs/variants.md). */
  variantId?: string;
  quantity?: number;
}

export interface CartPageProps {
  uid: string;
  /** Renders the checkout dialog (a separate feature), open while `request` is set. */
  renderCheckout: (request: CheckoutRequest | null, close: () => void) => ReactNode;
}

const FAILURES: Record<LineAction, string> = {
  increment: 'Error incrementing product',
  decrement: 'Error decrementing product',
  remove: 'Error removing product',
};

function parseQty(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : 1;
}

export function CartPage({ uid, renderCheckout }: CartPageProps) {
  const { status, lines, unavailable } = useLiveCart(uid);
  const [busy, setBusy] = useState<{ id: string; action: LineAction } | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [checkout, setCheckout] = useState<CheckoutRequest | null>(null);
  const [params, setParams] = useSearchParams();
  // The server's prices with offers, asked again whenever the lines or quantities change (docs/offers.md).
  const pricingKey = lines.map((l) => `${lineOffer(l).lineId}:${l.quantity}:${lineOffer(l).price}:${lineOffer(l).discount}`).join('|');
  const { pricing, setPricing } = useCartPricing(null, pricingKey, status === 'ready' && lines.length > 0);

  // The product page's Buy Now: /cart?buy=<productId>&variant=<variantId>&qty=<n> opens the checkout for that product.
  const buyId = params.get('buy');
  const buyVariant = params.get('variant') ?? undefined;
  const buyQty = parseQty(params.get('qty'));
  const buyIds = useMemo(() => (buyId ? [buyId] : []), [buyId]);
  const buyProducts = useLiveProducts(buyIds).products;
  const buyProduct = buyProducts.get(buyId ?? '');
  const buyLine = buyId
    ? joinCart(
        [{ lineId: buyVariant ?? buyId, productId: buyId, variantId: buyVariant ?? buyId, quantity: buyQty, addedAt: '' }],
        buyProducts,
      )[0]
    : undefined;
  const buyRequest: CheckoutRequest | null =
    buyId && buyProduct && buyLine ? { lines: [buyLine], productId: buyId, variantId: buyVariant, quantity: buyQty } : null;
  const request = checkout ?? buyRequest;

  const closeCheckout = () => {
    setCheckout(null);
    if (buyId) setParams({}, { replace: true });
  };

  const act = async (productId: string, action: LineAction) => {
    setBusy({ id: productId, action });
    try {
      await cartApi[action](productId);
    } catch (error) {
      notify.error(errorMessage(error, FAILURES[action]));
    } finally {
      setBusy(null);
    }
  };

  const clear = async () => {
    setClearing(true);
    try {
      await cartApi.clear();
      notify.success('Cart cleared');
      setConfirmClear(false);
    } catch (error) {
      notify.error(errorMessage(error, 'Error deleting cart'));
    } finally {
      setClearing(false);
    }
  };

  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <Center py={80}>
        <Loader aria-label="Loading your cart" />
      </Center>
    );
  } else if (lines.length === 0 && unavailable.length === 0) {
    body = (
      <Stack align="center" py={64} gap="md" ta="center">
        <IconShoppingCartOff size={56} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
        <Title order={2} fz="xl">
          Your cart is empty
        </Title>
        <Text c="dimmed">{status === 'error' ? 'We could not load your cart just now.' : 'Bags you add show up here.'}</Text>
        <Button component={Link} to="/">
          Continue Shopping
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" aria-label="Cart items">
            <UnavailableLines
              lines={unavailable}
              busyId={busy?.action === 'remove' ? busy.id : null}
              onRemove={(lineId) => void act(lineId, 'remove')}
            />
            {lines.map((line) => (
              <CartLineItem
                key={lineOffer(line).lineId}
                line={line}
                busy={busy?.id === lineOffer(line).lineId ? busy.action : null}
                onAction={(action) => void act(lineOffer(line).lineId, action)}
                onBuyNow={() =>
                  setCheckout({ lines: [line], productId: line.product._id, variantId: lineOffer(line).variantId, quantity: line.quantity })
                }
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {lines.length > 0 && (
            <Stack gap="md">
              <CartSummary
                lines={lines}
                onCheckout={() => setCheckout({ lines })}
                onClear={() => setConfirmClear(true)}
                disabled={busy !== null}
                pricing={pricing}
                onPricing={setPricing}
              />
              <DeliveryCheck total={orderTotals(lines.map((l) => ({ ...lineOffer(l), quantity: l.quantity }))).totalAmount} />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container size="lg" py="lg" px="md">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Your Cart
        </Title>
      </Group>
      {body}
      <Modal opened={confirmClear} onClose={() => setConfirmClear(false)} title="Clear Cart" centered>
        <Text>Are you sure you want to clear your entire cart? This action cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmClear(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={clear} loading={clearing}>
            Delete
          </Button>
        </Group>
      </Modal>
      {renderCheckout(request, closeCheckout)}
    </Container>
  );
}
