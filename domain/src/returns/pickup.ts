/**
 * The reverse pickup's courier events (docs/returns.md, "Pickup tracking"). The courier's
 * tracking webhook carries the pickup's AWB like any parcel's; these rules say what each event
 * does to the return. Any scan after collection (picked up, in transit, out for delivery,
 * delivered) means the parcel left the shopper: a return still `pickup_scheduled` becomes
 * `picked_up` (a lost "picked up" scan is made good by the next one). Delivered (to the seller)
 * never makes it `received`: received is the admin's quality check. Other events (a failed
 * pickup attempt, RTO) are only recorded.
 */
import type { ShipmentEvent } from '../fulfilment.js';
import type { ReturnStatus } from './status.js';

const COLLECTED: readonly ShipmentEvent[] = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

/** The move a courier event of the reverse pickup asks of a return, or null. */
export function returnMoveForPickupEvent(status: ReturnStatus, event: ShipmentEvent): ReturnStatus | null {
  return status === 'pickup_scheduled' && COLLECTED.includes(event) ? 'picked_up' : null;
}

/** Whether the event says the parcel reached the seller (the admin's quality check is next). */
export const pickupArrived = (event: ShipmentEvent): boolean => event === 'delivered';

/** The timeline's line when the courier delivers the return to the seller. */
export const PICKUP_ARRIVED_NOTE = 'Reached us: the quality check is next';
