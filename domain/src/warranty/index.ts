export * from './terms.js';
export * from './claims.js';
export * from './stats.js';
