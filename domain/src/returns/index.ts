export * from './paid.js';
export * from './status.js';
export * from './credit-note.js';
export * from './pickup.js';
