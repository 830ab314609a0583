import type { DeliveryPolicy } from '@bagshop/domain';
import { createContext, useContext, useEffect, useState } from 'react';
import { getDeliveryPolicy } from './delivery-api';

/**
 * The policy a page's loader already read on the server (the `/shipping` page, issue 40): the
 * page is drawn with it, before JavaScript; without one the hook asks the API.
 */
export const DeliveryPolicyContext = createContext<DeliveryPolicy | null>(null);

/** The shop's delivery policy (GET /api/delivery, once per page load); null until it answers or when it fails (logged). */
export function useDeliveryPolicy(enabled = true): DeliveryPolicy | null {
  const given = useContext(DeliveryPolicyContext);
  const [policy, setPolicy] = useState<DeliveryPolicy | null>(null);
  useEffect(() => {
    if (!enabled || given) return;
    let live = true;
    getDeliveryPolicy()
      .then((p) => live && setPolicy(p))
      .catch((error: unknown) => console.error('Loading the delivery policy failed', error));
    return () => {
      live = false;
    };
  }, [enabled, given]);
  return given ?? policy;
}
