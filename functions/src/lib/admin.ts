import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { countFirestoreOps } from './op-counter.js';

const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
export const auth = getAuth(app);

// `npm run bench:scale` counts reads and writes (lib/op-counter.ts); emulators only.
if (process.env.FUNCTIONS_EMULATOR === 'true' && process.env.BAGSHOP_OPS_LOG) countFirestoreOps(db, process.env.BAGSHOP_OPS_LOG);
