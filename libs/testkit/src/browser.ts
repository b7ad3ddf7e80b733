import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium (browsers cannot be downloaded here); override with CHROMIUM_PATH. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone-sized viewport, as guests use at a venue. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
