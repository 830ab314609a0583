// Messages to shoppers across channels (docs/whatsapp.md).
export * from './flows.js';
export * from './whatsapp-templates.js';
export * from './status.js';
export * from './summary.js';
