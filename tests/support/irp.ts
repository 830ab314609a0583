// The tests use the project's local IRP (scripts/irp-local), the same module `npm start` runs,
// started in the test process so a test can look at what it registered, make it fail, or move its clock.
import { startIrpLocal, type IrpLocal } from '../../scripts/irp-local/server';

export type { IrpLocal };

/** On IRP_LOCAL_PORT (scripts/test.ts sets it; the function's EINVOICE_API_BASE points there). */
export async function startTestIrp(): Promise<IrpLocal> {
  return startIrpLocal();
}
