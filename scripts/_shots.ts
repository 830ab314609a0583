import { chromium } from 'playwright-core';
const B = 'http://127.0.0.1:5500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const out = '/tmp/x/shots';
for (const [name, vp] of [
  ['d', { width: 1280, height: 900 }],
  ['m', { width: 360, height: 780 }],
] as const) {
  const page = await browser.newPage({ viewport: vp, hasTouch: name === 'm' });
  page.on('console', (m) => m.type() === 'error' && console.log(name, 'console:', m.text()));
  await page.goto(`${B}/luggage`);
  await page.getByTestId('bag-count').waitFor();
  await page.screenshot({ path: `${out}/luggage-${name}.png`, fullPage: false });
  await page.goto(`${B}/search?q=back%20pack`);
  await page.getByTestId('bag-count').waitFor();
  await page.screenshot({ path: `${out}/search-${name}.png` });
  await page.goto(`${B}/search?q=zzzzqq`);
  await page.getByText('No bags match').first().waitFor();
  await page.screenshot({ path: `${out}/search-empty-${name}.png` });
  await page.goto(`${B}/product/weekender-canvas-duffle`);
  await page.getByTestId('gallery-track').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/product-${name}.png` });
  if (name === 'd') {
    await page.goto(`${B}/`);
    const box = page.getByRole('combobox', { name: 'Search bags' });
    await box.click();
    await box.pressSequentially('trolly', { delay: 50 });
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: `${out}/typeahead-${name}.png` });
  } else {
    await page.goto(`${B}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('combobox', { name: 'Search bags' });
    await box.click();
    await box.pressSequentially('holdal', { delay: 50 });
    await page.getByRole('listbox').waitFor();
    await page.screenshot({ path: `${out}/typeahead-${name}.png` });
  }
  await page.close();
}
await browser.close();
