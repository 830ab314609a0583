import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSeller } from '../../../components/sold-by';

/**
 * The footer's seller disclosure: legal name, address, GSTIN and contact. Asked for only when
 * the footer comes near the screen, so a page's first requests (product lists, images) do not
 * wait behind it.
 */
export default function SellerLine() {
  const ref = useRef<HTMLParagraphElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Text ref={ref} size="sm" c="gray.4" mt="xl" mih="1.55em" data-testid="footer-seller">
      {near && <SellerText />}
    </Text>
  );
}

function SellerText() {
  const seller = useSeller({ afterPaint: true });
  const a = seller?.address;
  return (
    <>
      {seller && a && (
        <>
          Sold by {seller.legalName} · {a.line1}, {a.line2}, {a.city} {a.pincode}, {a.state} · GSTIN {seller.gstin} · {seller.email} ·{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{seller.phone}</span>
        </>
      )}
    </>
  );
}
