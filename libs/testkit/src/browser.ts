import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium (browsers cannot be downloaded here); override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every test and benchmark starts Chromium with: no sandbox or GPU here, and no background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A microphone that plays a tone, allowed without asking: what the voice recorder records in tests.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** A phone-sized viewport, as guests use at a venue. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
