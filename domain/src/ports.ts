/**
 * The ports of a local build on the Firebase emulators (decision 0013), written once:
 * scripts/lib/env.ts (which shifts them by BAGSHOP_PORT_OFFSET), the SPA's emulator defaults
 * (web/src/lib/config.ts), Vite's dev proxy and the `emulators` of firebase.json, which
 * `npm run headers` writes from here and scripts/lib/firebase-json.test.ts checks.
 */
export const EMULATOR_HOST = '127.0.0.1';

export const LOCAL_PORTS = {
  hosting: 5000,
  functions: 5001,
  firestore: 8080,
  firestoreWs: 9150,
  auth: 9099,
  hub: 4400,
  logging: 4510,
  eventarc: 9289,
  tasks: 9419,
  /** `npm run dev` */
  vite: 5173,
  /** The local test checkout that stands in for Stripe (scripts/stripe-local). */
  stripeLocal: 12111,
  /** The local test courier that stands in for Shiprocket (scripts/courier-local). */
  courierLocal: 12113,
  /** The local test checkout that stands in for Razorpay (scripts/razorpay-local; PAYMENT_PROVIDER=razorpay). */
  razorpayLocal: 12112,
  /** The local WhatsApp Cloud API stand-in and its chat page (scripts/whatsapp-local; docs/whatsapp.md). */
  whatsappLocal: 12114,
  /** The local mail inbox: the queued `mail` documents, rendered (scripts/mail-local). */
  mailLocal: 12115,
  /** The local e-invoice portal that stands in for the NIC IRP (scripts/irp-local; issue 41). */
  irpLocal: 12117,
} as const;

export type LocalPortName = keyof typeof LOCAL_PORTS;
