import { notify } from '../../lib/notify';

/** docs/spec.md §4: the welcome toast appears 1.5 s after arriving on the home page. */
export const WELCOME_DELAY_MS = 1500;

export function welcomeLater(message: string): void {
  window.setTimeout(() => notify.success(message), WELCOME_DELAY_MS);
}
