import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './http/app.js';

// One HTTPS function serves the whole /api surface (DESIGN §1).
export const api = onRequest(
  { region: 'asia-south1', memory: '512MiB', concurrency: 80, timeoutSeconds: 60, invoker: 'public' },
  createApp(),
);
