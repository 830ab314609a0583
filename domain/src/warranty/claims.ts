/** A warranty claim's life (issue 40, docs/warranty.md): the statuses, the graph, the numbers and the messages. */
export const WARRANTY_CLAIM_STATUSES = [
  'submitted',
  'approved',
  'pickup_scheduled',
  'received',
  'repaired',
  'replaced',
  'closed',
  'rejected',
] as const;
export type WarrantyClaimStatus = (typeof WARRANTY_CLAIM_STATUSES)[number];

export const WARRANTY_ISSUES = ['wheel', 'handle', 'zip', 'shell', 'lock', 'other'] as const;
export type WarrantyIssue = (typeof WARRANTY_ISSUES)[number];

export const WARRANTY_ISSUE_LABELS: Record<WarrantyIssue, string> = {
  wheel: 'Wheel',
  handle: 'Handle',
  zip: 'Zip',
  shell: 'Shell',
  lock: 'Lock',
  other: 'Something else',
};

export const WARRANTY_CLAIM_STATUS_LABELS: Record<WarrantyClaimStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  pickup_scheduled: 'Pickup scheduled',
  received: 'Received',
  repaired: 'Repaired',
  replaced: 'Replaced',
  closed: 'Closed',
  rejected: 'Rejected',
};

/** submitted → approved → pickup_scheduled → received → repaired | replaced → closed; rejected from submitted or received. */
export const WARRANTY_CLAIM_FLOW: Readonly<Record<WarrantyClaimStatus, readonly WarrantyClaimStatus[]>> = {
  submitted: ['approved', 'rejected'],
  approved: ['pickup_scheduled'],
  pickup_scheduled: ['received'],
  received: ['repaired', 'replaced', 'rejected'],
  repaired: ['closed'],
  replaced: ['closed'],
  closed: [],
  rejected: [],
};

export function canMoveClaim(from: WarrantyClaimStatus, to: WarrantyClaimStatus): boolean {
  return WARRANTY_CLAIM_FLOW[from].includes(to);
}

/** Open: not closed nor rejected (a unit has at most one open claim). */
export function isOpenClaim(status: WarrantyClaimStatus): boolean {
  return WARRANTY_CLAIM_FLOW[status].length > 0;
}

export function isWarrantyClaimStatus(x: unknown): x is WarrantyClaimStatus {
  return typeof x === 'string' && (WARRANTY_CLAIM_STATUSES as readonly string[]).includes(x);
}

/** WAR-2026-00042. */
export function warrantyClaimNumber(year: number, sequence: number): string {
  return `WAR-${year}-${String(sequence).padStart(5, '0')}`;
}
export const WARRANTY_CLAIM_NUMBER_PATTERN = /^WAR-\d{4}-\d{5}$/;

export const MAX_WARRANTY_PHOTOS = 4;
export const WARRANTY_DESCRIPTION_MAX = 2000;
export const WARRANTY_REASON_MAX = 500;

export const WARRANTY_MESSAGES = {
  notFound: 'Warranty not found',
  claimNotFound: 'Warranty claim not found',
  notOwner: 'This warranty is not yours: only the shopper it is registered to can claim on it',
  outOfTerm: (ended: string) => `This warranty ended on ${ended}; the bag is out of its term`,
  notStarted: 'This warranty has not started yet',
  photosRequired: 'Add at least one photo of the problem',
  tooManyPhotos: `At most ${MAX_WARRANTY_PHOTOS} photos`,
  duplicate: (number: string) => `This bag already has an open claim (${number}); follow it under Warranty claims`,
  issue: 'Choose what is wrong: wheel, handle, zip, shell, lock or other',
  description: 'Describe the problem',
  descriptionTooLong: `The description must be at most ${WARRANTY_DESCRIPTION_MAX} characters`,
  move: (from: string, to: string) => `A claim that is ${from} cannot be moved to ${to}`,
  rejectNeedsReason: 'Say why the claim is rejected (the shopper sees it)',
  pickupNeedsAwb: 'Give the courier and the AWB of the pickup',
  replacementOutOfStock: (label: string) => `${label} is out of stock; choose another variant to replace it with`,
  replacementUnknown: 'That variant is not on this product',
} as const;

/** The mail's subject line of each step. */
export const WARRANTY_MAIL_SUBJECTS: Record<WarrantyClaimStatus, (n: string) => string> = {
  submitted: (n) => `Warranty claim ${n} received`,
  approved: (n) => `Warranty claim ${n} approved`,
  pickup_scheduled: (n) => `Pickup scheduled for warranty claim ${n}`,
  received: (n) => `We have your bag (warranty claim ${n})`,
  repaired: (n) => `Your bag is repaired (warranty claim ${n})`,
  replaced: (n) => `A replacement is on its way (warranty claim ${n})`,
  closed: (n) => `Warranty claim ${n} closed`,
  rejected: (n) => `Warranty claim ${n} not accepted`,
};
