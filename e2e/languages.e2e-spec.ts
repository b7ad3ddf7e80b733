import { Browser, type Page } from 'playwright-core';
import { Language } from '@memory-wall/contracts';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { appAdopted, useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

/**
 * Languages in the browser (issue #27 item 8): an event's guest pages and screens speak the event's
 * language, a visitor's choice from the top bar wins and is remembered, and a prerendered page turns to
 * another language after React adopts it, with nothing reported on the console.
 */
describe('languages', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  /**
   * A guest's phone with an English browser. The errors the page reports are collected (React reports a
   * hydration mismatch there); the browser's own note on an answered 401 (no session yet) is not one.
   */
  async function guestPhone(): Promise<{ page: Page; errors: string[] }> {
    const page = await (await browser.newContext({ ...PHONE, locale: 'en-US' })).newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  it("shows a Chinese event's guest page in Chinese, taking over the English prerendered page cleanly", async () => {
    const event = await createEvent(t.dataSource, { name: '李雷和韩梅梅的婚礼', defaultLanguage: Language.Zh });
    const { page, errors } = await guestPhone();
    await page.goto(`${api.url}/contribute/${event.id}`);

    await page.getByRole('heading', { level: 1, name: '分享您的回忆' }).waitFor();
    await page.getByText('为李雷和韩梅梅的婚礼分享一段留言、一张照片或一幅画。').waitFor();
    await page.getByLabel('您的姓名', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    expect(await page.getByRole('combobox', { name: '语言' }).inputValue()).toBe('zh');
    expect(errors).toEqual([]);
  });

  it("switches language from the top bar, and the choice sticks across a reload and over the event's language", async () => {
    await createEvent(t.dataSource, { defaultLanguage: Language.Zh, eventCode: 'ZHES42' });
    const { page, errors } = await guestPhone();
    await page.goto(`${api.url}/event-code`);
    await appAdopted(page);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Únete a un evento' }).waitFor();
    await page.getByLabel('Código del evento', { exact: true }).waitFor();

    await page.reload();
    await appAdopted(page);
    await page.getByRole('heading', { level: 1, name: 'Únete a un evento' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('es');

    // The guest's own choice beats the event's Chinese.
    await page.getByLabel('Código del evento', { exact: true }).fill('zhes42');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Comparte tu recuerdo' }).waitFor();
    await page.getByLabel('Tu nombre', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(errors).toEqual([]);
  });

  it("shows a venue screen in its event's language, whatever its visitor chose for themselves", async () => {
    const event = await createEvent(t.dataSource, { name: 'Sommerfest', defaultLanguage: Language.De });
    const { page } = await guestPhone();
    await page.goto(`${api.url}/event-code`);
    await appAdopted(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.getByRole('heading', { level: 1, name: 'Rejoindre un événement' }).waitFor();

    await page.goto(`${api.url}/display/${event.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sommerfest' }).waitFor();
    await page.getByText('Noch keine Erinnerungen vorhanden').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it("uses the browser's language where no event and no choice say otherwise", async () => {
    const page = await (await browser.newContext({ ...PHONE, locale: 'fr-FR' })).newPage();
    await page.goto(`${api.url}/event-code`);
    await page.getByRole('heading', { level: 1, name: 'Rejoindre un événement' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
  });
});
