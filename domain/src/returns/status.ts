/** The life of a return (docs/returns.md, "Statuses"). */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'pickup_scheduled',
  'picked_up',
  'received',
  'refunded',
  'exchanged',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_REASONS = ['damaged', 'wrong_item', 'size_not_right', 'not_as_described', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  size_not_right: 'Size not right',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

/** Reasons that need photos. */
export const PHOTO_REASONS: readonly ReturnReason[] = ['damaged', 'wrong_item'];

export const RETURN_RESOLUTIONS = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  pickup_scheduled: 'Pickup scheduled',
  picked_up: 'Picked up',
  received: 'Received',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
  rejected: 'Rejected',
};

/** Where a return may go next. `received → refunded | exchanged` needs a passed quality check, `received → rejected` a failed one. */
export const RETURN_FLOW: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['pickup_scheduled'],
  pickup_scheduled: ['picked_up'],
  picked_up: ['received'],
  received: ['refunded', 'exchanged', 'rejected'],
  refunded: [],
  exchanged: [],
  rejected: [],
};

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_FLOW[from].includes(to);
}

export function isReturnStatus(x: unknown): x is ReturnStatus {
  return typeof x === 'string' && (RETURN_STATUSES as readonly string[]).includes(x);
}

/** Open returns: the ones an admin still has to act on. */
export function isOpenReturn(status: ReturnStatus): boolean {
  return RETURN_FLOW[status].length > 0;
}

/** RET-2026-00042. */
export function returnNumber(year: number, sequence: number): string {
  return `RET-${year}-${String(sequence).padStart(5, '0')}`;
}
export const RETURN_NUMBER_PATTERN = /^RET-\d{4}-\d{5}$/;

export const DEFAULT_RETURN_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** When the window of an order delivered at `deliveredAt` ends; null when returns are off (0 days). */
export function returnWindowEnd(deliveredAt: Date, days: number): Date | null {
  if (days <= 0) return null;
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

/** Whole days left to start a return (1 on the last day), 0 once it has ended. */
export function returnDaysLeft(deliveredAt: Date, days: number, now: Date): number {
  const end = returnWindowEnd(deliveredAt, days);
  if (!end || now >= end) return 0;
  return Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
}

/** "7-day returns", or "No returns" when the window is 0. */
export function returnPolicyLabel(days: number): string {
  return days > 0 ? `${days}-day returns` : 'No returns';
}

export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const RETURN_MESSAGES = {
  notCompleted: 'Only a delivered order can be returned',
  windowOff: 'This shop does not take returns',
  windowEnded: (days: number, ended: string) => `The ${days}-day return window of this order ended on ${ended}`,
  lineNotOnOrder: (lineId: string) => `Line ${lineId} is not on this order`,
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name} has already been returned` : `Only ${left} of ${name} can still be returned`,
  alreadyReturned: (name: string) => `${name} has already been returned`,
  nonReturnable: (name: string, reason: string) => `${name} cannot be returned${reason ? `: ${reason}` : ''}`,
  photosRequired: 'Add at least one photo for a damaged or wrong item',
  tooManyPhotos: 'At most 3 photos',
  upi: 'Enter a UPI id like name@bank',
  ifsc: 'Enter an IFSC like SBIN0001234 (4 letters, 0, then 6 letters or digits)',
  accountNumber: 'Enter the account number: 9 to 18 digits',
  accountName: 'Enter the account holder’s name',
  refundToNeeded: 'Cash on delivery orders need the UPI id or bank account to refund to',
  exchangeNeedsVariant: 'Choose the size or colour to exchange for',
  exchangeSamePrice: 'Exchange for the same price only; return it instead',
  exchangeOneLine: 'An exchange is for one line of the order',
  exchangeSameVariant: 'Choose a different size or colour to exchange for',
  exchangeOutOfStock: (label: string) => `${label} is out of stock; return it instead`,
  notFound: 'Return not found',
  move: (from: string, to: string) => `A return that is ${from} cannot be moved to ${to}`,
  rejectNeedsNote: 'Say why the return is rejected',
  qualityCheckNeeded: 'Record the quality check: passed or failed',
  failedCheck: 'The quality check failed: reject the return instead',
  passedCheck: 'The quality check passed: refund or exchange it',
  resolutionIs: (resolution: string) => `This return is for ${resolution === 'exchange' ? 'an exchange' : 'a refund'}`,
  pickupNeedsAwb: 'Courier and AWB are required when no courier service books the pickup',
  payoutNotPending: 'There is no payout waiting to be paid for this return',
  referenceNeeded: 'Enter the bank reference of the payout',
  overRefund: 'This refund would take the order past what was paid',
} as const;
