import { Browser } from 'playwright-core';
import { Role } from '@memory-wall/contracts';
import { createAccount } from '@memory-wall/testkit/accounts';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import { SmtpInbox } from '@memory-wall/testkit/smtp-inbox';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';

/** "Forgot password?" in a real browser, the link read from the mail a real SMTP server received. */
describe('password reset in the browser', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await SmtpInbox.start();
  });
  const stack = useBrowserStack({ workers: true, workersEnv: () => ({ SMTP_URL: inbox.url }) });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));
  afterAll(() => inbox?.stop());

  it('mails a link from the sign-in page, sets the new password there, and refuses the link a second time', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();

    await page.goto(`${api.url}/signin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email or Username', { exact: true }).fill(provider.user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .getByText(/we have sent it a link/)
      .waitFor();

    const mail = await inbox.next(provider.user.email);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)![0];
    expect(link.startsWith(`${api.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('fresh12345');
    await page.getByLabel('Confirm Password', { exact: true }).fill('fresh12345');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').getByText('Your password has been changed').waitFor();

    await signIn(page, api.url, { username: provider.username, password: 'fresh12345' });

    const again = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await again.goto(link);
    await again.getByLabel('New Password', { exact: true }).fill('other12345');
    await again.getByLabel('Confirm Password', { exact: true }).fill('other12345');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByText('This reset link has already been used. Please ask for a new one.').waitFor();
  });
});
