// Helpers for the journeys in Chromium (tests/e2e/*.test.ts).
import type { Page } from 'playwright-core';
import { screenshot, VIEWPORTS, waitForSettled } from './browser';

export const WAIT = { timeout: 20_000 };

/** A field's accessible name: its label, with the required asterisk when it has one. */
export const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

/** Waits for a client-side navigation (react-router changes the URL without a load event). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = WAIT.timeout): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), {
    waitUntil: 'commit',
    timeout,
  });
}

/** Full-page screenshots at 1280 and 360 px of what is on screen now. */
export async function shootBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORTS.mobile);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize(VIEWPORTS.desktop);
  await waitForSettled(page);
}

/** Waits for a Mantine toast with this text (longer `timeout` where the action calls a third party). */
export async function waitForToast(page: Page, text: string, timeout = WAIT.timeout): Promise<void> {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout });
}

/** Logs in through the /auth form and waits for the home page. */
export async function logIn(page: Page, base: string, email: string, password: string, timeout = WAIT.timeout): Promise<void> {
  await page.goto(`${base}/auth`, { waitUntil: 'load' });
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Password')).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await waitForPath(page, '/', timeout);
}
