// Keyboard-only helpers for the journeys (tests/e2e/keyboard-journey.test.ts,
// docs/accessibility.md): reach a control with Tab alone, and prove that the focused control
// shows a focus ring a sighted keyboard user can see.
import type { Locator, Page } from 'playwright-core';

export interface FocusStyle {
  /** What has focus: tag, accessible-ish name, for messages. */
  element: string;
  outline: string;
  boxShadow: string;
  /** An outline of at least 1 px that is not transparent, or a box-shadow. */
  visible: boolean;
}

/** The focused element's focus indicator, as computed by the browser. */
export async function focusStyle(page: Page): Promise<FocusStyle> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { element: 'body', outline: 'none', boxShadow: 'none', visible: false };
    // A field drawn by a wrapper (the password field's box around its <input>) shows the ring there.
    const box = el.closest('.mantine-Input-input') ?? el;
    const cs = getComputedStyle(box);
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1 && !transparent(cs.outlineColor);
    const shadow = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
    return {
      element: `<${el.tagName.toLowerCase()}> ${name}`,
      outline: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`,
      boxShadow: cs.boxShadow,
      visible: outline || shadow,
    };
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus; fails after `max`
 * presses. Returns the focus style of the target, checked by the caller.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<FocusStyle> {
  await target.waitFor({ state: 'visible', timeout: 20_000 });
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return focusStyle(page);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await isFocused(target)) return focusStyle(page);
  const now = await focusStyle(page);
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses (focus is on ${now.element})`);
}
