import { Router } from 'express';

// Filled in by the API work (issue 3 / 6); registered in http/app.ts.
export function paymentRouter(): Router {
  return Router();
}
