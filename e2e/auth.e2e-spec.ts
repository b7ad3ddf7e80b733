import { Browser, Page } from 'playwright-core';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import { useBrowserStack } from './support/app';

type RoleChoice = 'Guest' | 'Event Organizer' | 'Service Provider';

interface Registration {
  username: string;
  email: string;
  fullName: string;
  password: string;
  role: RoleChoice;
}

/** Fills the Register tab of /signin the way a person does. */
async function register(page: Page, baseUrl: string, account: Registration) {
  await page.goto(`${baseUrl}/signin`);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Full Name', { exact: true }).fill(account.fullName);
  await page.getByRole('radio', { name: account.role, exact: true }).check();
  if (account.role === 'Service Provider') {
    // A provider also says what company it is and which events it runs.
    await page.getByLabel('Company Name').fill(`${account.fullName} Events`);
    await page.getByRole('checkbox', { name: 'Weddings' }).check();
  }
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/** Waits until a read-only value of the profile page (a <dd>, role "definition") reads exactly `text`. */
async function shown(page: Page, text: string) {
  await page
    .getByRole('definition')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) })
    .first()
    .waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Accounts in a real browser against the built API and front end: register, log out, sign in, profile, guards. */
describe('accounts in the browser', () => {
  const stack = useBrowserStack();
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ api, browser } = stack));

  it('lets a service provider register, log out, sign in again and keep a profile change across a reload', async () => {
    const page = await (await browser.newContext()).newPage();
    const provider: Registration = {
      username: 'pat_planner',
      email: 'pat@example.com',
      fullName: 'Pat Planner',
      password: 'plannerpass1',
      role: 'Service Provider',
    };

    // The confirmation is checked before anything is sent.
    await page.goto(`${api.url}/signin`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Password', { exact: true }).fill('plannerpass1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('plannerpass2');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Passwords do not match').waitFor();

    await register(page, api.url, provider);
    await page.waitForURL(`${api.url}/events`);
    await page.getByText('Registration successful').waitFor();
    await page.getByText('Logged in as pat_planner').waitFor();
    expect(await page.getByRole('link', { name: 'Account', exact: true }).getAttribute('href')).toBe('/credits');

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL(`${api.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Share Memories That Last Forever' }).waitFor();
    await page.getByText('You have been successfully logged out').waitFor();
    // The session really ended: a protected page sends the visitor to sign in.
    await page.goto(`${api.url}/myprofile`);
    await page.waitForURL(`${api.url}/signin`);

    await page.getByLabel('Email or Username', { exact: true }).fill('pat_planner');
    await page.getByLabel('Password', { exact: true }).fill('plannerpass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Welcome back, pat_planner!').waitFor();
    // Back to the page the guard sent them from.
    await page.waitForURL(`${api.url}/myprofile`);

    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await shown(page, 'Pat Planner');
    await shown(page, 'pat_planner');
    await shown(page, 'Service Provider');
    expect(await page.getByRole('link', { name: 'Purchase More Credits' }).getAttribute('href')).toBe('/credits');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Pat Q. Planner');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile Updated').waitFor();
    await shown(page, 'Pat Q. Planner');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await shown(page, 'Pat Q. Planner');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Pat Q. Planner');
  });

  it('shows a signed-in guest Access Denied on /admin', async () => {
    const page = await (await browser.newContext()).newPage();
    await register(page, api.url, {
      username: 'gina_guest',
      email: 'gina@example.com',
      fullName: 'Gina Guest',
      password: 'guestpass',
      role: 'Guest',
    });
    await page.getByText('Logged in as gina_guest').waitFor();

    await page.goto(`${api.url}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access this page.").waitFor();
    expect(page.url()).toBe(`${api.url}/admin`);
  });

  it('sends a signed-out visitor from /events to /signin', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${api.url}/events`);
    await page.waitForURL(`${api.url}/signin`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.getByLabel('Email or Username', { exact: true }).waitFor();
  });
});
