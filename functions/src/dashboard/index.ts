/** The dashboard domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export { dashboard } from './dashboard.js';
