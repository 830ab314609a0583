import { lineOffer, orderTotals, type Address, type CartLine } from '@bagshop/domain';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { checkoutApi } from '../api/checkout-api';
import { CheckoutForm, type CheckoutChoice } from './checkout-form';

export const ONLINE_NOT_CONFIGURED = 'Online payments are not configured';

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
  const [loadingAddresses, setLoadingAddresses] = useState(false);
  const [onlineUnavailable, setOnlineUnavailable] = useState<string | null>(null);
  // An address saved by a Place Order that then failed: reused on the next try.
  const [savedNew, setSavedNew] = useState<Address | null>(null);
  // A phone gets the whole screen for the form.
  const small = useMediaQuery('(max-width: 36em)') ?? false;

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
    };
  }, [opened]);

  const totals = orderTotals(lines.map((l) => ({ ...lineOffer(l), quantity: l.quantity })));

  const place = async (choice: CheckoutChoice) => {
    try {
      let addressId: string;
      if ('addressId' in choice) addressId = choice.addressId;
      else {
        const created = savedNew ?? (await checkoutApi.addAddress(choice.address));
        setSavedNew(created);
        setAddresses((list) => (list.some((a) => a._id === created._id) ? list : [...list, created]));
        addressId = created._id;
      }
      const order = await checkoutApi.placeOrder({
        paymentMethod: choice.paymentMethod,
        addressId,
        ...(productId ? { productId, ...(variantId ? { variantId } : {}), quantity: quantity ?? 1 } : {}),
      });
      if (choice.paymentMethod === 'COD') {
        notify.success('Order placed successfully with COD');
        setSavedNew(null);
        onClose();
        return;
      }
      try {
        const payment = await checkoutApi.startPayment(order._id);
        if (!payment.success || !payment.url) throw new Error(payment.message || 'Payment initiation failed');
        redirect(payment.url);
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
      notify.error(errorMessage(error, 'Failed to place order'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Shipping Address & Payment" centered size="lg" fullScreen={small}>
      {opened && (
        <CheckoutForm
          addresses={addresses}
          loadingAddresses={loadingAddresses}
          itemCount={totals.itemCount}
          total={totals.totalAmount}
          onlineUnavailable={onlineUnavailable}
          onSubmit={place}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
