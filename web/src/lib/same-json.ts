/**
 * Whether a refreshed API answer is the one already on screen (both plain JSON). A page the
 * server drew refreshes its data once the app runs: keeping the state it has when nothing
 * changed spares React drawing the whole list again right after hydration.
 */
export function sameJson(shown: unknown, fresh: unknown): boolean {
  return shown === fresh || JSON.stringify(shown) === JSON.stringify(fresh);
}
