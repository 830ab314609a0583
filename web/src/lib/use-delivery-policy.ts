import type { DeliveryPolicy } from '@bagshop/domain';
import { useEffect, useState } from 'react';
import { getDeliveryPolicy } from './delivery-api';

/** The shop's delivery policy (GET /api/delivery, once per page load); null until it answers or when it fails (logged). */
export function useDeliveryPolicy(enabled = true): DeliveryPolicy | null {
  const [policy, setPolicy] = useState<DeliveryPolicy | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getDeliveryPolicy()
      .then((p) => live && setPolicy(p))
      .catch((error: unknown) => console.error('Loading the delivery policy failed', error));
    return () => {
      live = false;
    };
  }, [enabled]);
  return policy;
}
