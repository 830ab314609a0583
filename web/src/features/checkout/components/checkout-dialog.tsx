import { lineOffer, orderTotals, type Address, type CartLine, type PaymentMethod } from '@bagshop/domain';
import { Alert, Anchor, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PhoneVerification } from '../../../components/phone-verification';
import { useSession } from '../../../lib/session';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCartPricing } from '../../../lib/cart-pricing';
import { checkoutApi } from '../api/checkout-api';
import { CheckoutForm, type CheckoutChoice } from './checkout-form';

/** "EMI / Pay Later" (issue 43): the payment page opens on Card EMI (`?method=emi`; the other methods stay a tap away). */
export function emiPaymentUrl(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.set('method', 'emi');
    return u.toString();
  } catch {
    return url;
  }
}

export const ONLINE_NOT_CONFIGURED = 'Online payments are not configured';
/** The API's answer to cash on delivery without a verified phone (docs/accounts-privacy.md). */
export const COD_NEEDS_PHONE = 'Verify your phone number to pay cash on delivery';

export interface CheckoutDialogProps {
  opened: boolean;
  /** The lines being ordered (the whole cart, or the one Buy Now line), for the summary. */
  lines: readonly CartLine[];
  /** Buy Now: only this product and quantity are ordered. */
  productId?: string;
  /** Buy Now of a product with variants: which one (docs/variants.md). */
  variantId?: string;
  quantity?: number;
  onClose: () => void;
  /** Sends the browser to Stripe Checkout (replaceable in tests). */
  redirect?: (url: string) => void;
}

/** 'Shipping Address & Payment' (docs/spec.md §2, §4): address first, then the order, then COD or Stripe. */
export function CheckoutDialog({
  opened,
  lines,
  productId,
  variantId,
  quantity,
  onClose,
  redirect = (url) => window.location.assign(url),
}: CheckoutDialogProps) {
  const [addresses, setAddresses] = useState<Address[]>([]);
  // Loading until the first answer, so the form never shows an empty list as "no saved addresses".
  const [loadingAddresses, setLoadingAddresses] = useState(true);
  const [onlineUnavailable, setOnlineUnavailable] = useState<string | null>(null);
  // An address saved by a Place Order that then failed: reused on the next try.
  const [savedNew, setSavedNew] = useState<Address | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const savedNewId = useRef<string | null>(null);
  // A phone gets the whole screen for the form.
  const small = useMediaQuery('(max-width: 36em)') ?? false;
  const session = useSession();
  // Cash on delivery refused for want of a verified phone: the order waiting for it (asked in place).
  const [needsPhone, setNeedsPhone] = useState<CheckoutChoice | null>(null);

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setLoadingAddresses(true);
    checkoutApi
      .addresses()
      .then((list) => live && setAddresses(Array.isArray(list) ? list : []))
      .catch((error: unknown) => console.error('Loading addresses failed', error))
      .finally(() => live && setLoadingAddresses(false));
    return () => {
      live = false;
      setLoadingAddresses(true);
    };
  }, [opened]);

  const totals = orderTotals(lines.map((l) => ({ ...lineOffer(l), quantity: l.quantity })));
  // The prices with offers for the method chosen, from the server (docs/offers.md): the whole
  // cart's, or Buy Now's one line with the automatic offers (a code is the cart's).
  const [method, setMethod] = useState<PaymentMethod>('COD');
  const buyNow = productId ? { productId, variantId, quantity: quantity ?? 1 } : null;
  const pricingKey = buyNow
    ? `buy:${productId}:${variantId ?? ''}:${buyNow.quantity}`
    : lines.map((l) => `${lineOffer(l).lineId}:${l.quantity}`).join('|');
  const { pricing } = useCartPricing(method, pricingKey, opened && lines.length > 0, buyNow);

  const place = async (choice: CheckoutChoice): Promise<void> => {
    try {
      let addressId: string;
      if ('addressId' in choice) addressId = choice.addressId;
      else {
        const created = savedNew ?? (await checkoutApi.addAddress(choice.address));
        setSavedNew(created);
        savedNewId.current = created._id;
        setAddresses((list) => (list.some((a) => a._id === created._id) ? list : [...list, created]));
        addressId = created._id;
      }
      const body = {
        paymentMethod: choice.paymentMethod,
        addressId,
        ...(choice.deliverySpeed ? { deliverySpeed: choice.deliverySpeed } : {}),
        ...(productId ? { productId, ...(variantId ? { variantId } : {}), quantity: quantity ?? 1 } : {}),
      };
      // One Idempotency-Key per checkout attempt: the same order asked again (a retry after a
      // timeout) keeps its key and gets the first answer; a changed choice is a new attempt.
      const bodyJson = JSON.stringify(body);
      if (!attempt.current || attempt.current.body !== bodyJson) attempt.current = { key: crypto.randomUUID(), body: bodyJson };
      const order = await checkoutApi.placeOrder(body, attempt.current.key);
      attempt.current = null; // placed: the next order is a new attempt
      if (choice.paymentMethod === 'COD') {
        notify.success('Order placed successfully with COD');
        setSavedNew(null);
        onClose();
        return;
      }
      try {
        const payment = await checkoutApi.startPayment(order._id);
        if (!payment.success || !payment.url) throw new Error(payment.message || 'Payment initiation failed');
        redirect(choice.emi ? emiPaymentUrl(payment.url) : payment.url);
      } catch (error) {
        // The ONLINE order cannot be paid: cancel it so its stock goes back at once.
        await checkoutApi
          .cancelOrder(order._id)
          .catch((cancelError: unknown) => console.error('Cancelling the unpaid order failed', cancelError));
        if (error instanceof ApiError && error.status === 503) {
          setOnlineUnavailable(ONLINE_NOT_CONFIGURED);
          return;
        }
        notify.error(errorMessage(error, 'Payment initiation failed'));
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.message === COD_NEEDS_PHONE) {
        const addressId = 'addressId' in choice ? choice.addressId : savedNewId.current;
        setNeedsPhone(addressId ? { paymentMethod: 'COD', deliverySpeed: choice.deliverySpeed, addressId } : choice);
        return;
      }
      notify.error(errorMessage(error, 'Failed to place order'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Shipping Address & Payment" centered size="lg" fullScreen={small}>
      {opened && needsPhone && (
        <Stack gap="sm">
          <Alert color="blue" variant="light" title="Verify your phone number">
            Cash on delivery needs a verified phone: the courier calls it and the delivery code goes to it.
          </Alert>
          <PhoneVerification
            initialNumber={session.user?.phonenumber ?? ''}
            onCancel={() => setNeedsPhone(null)}
            onVerified={(e164) => {
              if (session.user) session.setUser({ ...session.user, verifiedPhone: e164 });
              const waiting = needsPhone;
              setNeedsPhone(null);
              void place(waiting);
            }}
          />
        </Stack>
      )}
      {opened && !needsPhone && productId && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="buy-now-codes">
          Offers that need no code are in the total below. To use a coupon code, add this bag to your cart and check out from the cart.
        </Text>
      )}
      {opened && !needsPhone && (
        <CheckoutForm
          addresses={addresses}
          loadingAddresses={loadingAddresses}
          itemCount={totals.itemCount}
          total={pricing ? pricing.totalPaise / 100 : totals.totalAmount}
          pricing={pricing}
          onPaymentMethodChange={setMethod}
          onlineUnavailable={onlineUnavailable}
          onSubmit={place}
          onCancel={onClose}
        />
      )}
      {opened && (
        <Text size="xs" c="dimmed" mt="sm">
          We share your name, address and phone with the courier to deliver.{' '}
          <Anchor component={Link} to="/privacy" size="xs" target="_blank" underline="always">
            Privacy notice
          </Anchor>
        </Text>
      )}
    </Modal>
  );
}
