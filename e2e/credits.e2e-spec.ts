import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Browser, Page } from 'playwright-core';
import { Role } from '@memory-wall/contracts';
import { CreditTransaction, ServiceProvider } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn } from './support/app';
import { launchBrowser } from '@memory-wall/testkit/browser';

/**
 * Stripe.js cannot be downloaded here. The production code loads the real script from js.stripe.com and
 * mounts the real Payment Element; this test answers that script request with a stand-in implementing
 * what @stripe/stripe-js and @stripe/react-stripe-js call: Stripe(key) with elements() (create, getElement,
 * update, submit; elements with mount, on, off, update, destroy, unmount) and confirmPayment(), which asks
 * the test (window.memoryWallStripePaid) to have the payment succeed.
 */
const STRIPE_JS_STAND_IN = `
(function () {
  function makeElement(type) {
    var handlers = {};
    var ready = false;
    var node = null;
    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (cb) { cb(payload); });
    }
    var element = {
      mount: function (domNode) {
        node = typeof domNode === 'string' ? document.querySelector(domNode) : domNode;
        var form = document.createElement('div');
        form.setAttribute('data-testid', 'stripe-payment-element');
        form.textContent = 'Card 4242 4242 4242 4242 (Stripe.js stand-in)';
        node.appendChild(form);
        setTimeout(function () { ready = true; emit('ready', { elementType: type }); }, 50);
      },
      on: function (event, cb) {
        (handlers[event] = handlers[event] || []).push(cb);
        if (event === 'ready' && ready) setTimeout(function () { cb({ elementType: type }); }, 0);
        return element;
      },
      off: function (event, cb) {
        handlers[event] = (handlers[event] || []).filter(function (h) { return h !== cb; });
        return element;
      },
      update: function () {},
      focus: function () {},
      blur: function () {},
      clear: function () {},
      collapse: function () {},
      unmount: function () { if (node) node.innerHTML = ''; },
      destroy: function () { if (node) node.innerHTML = ''; node = null; },
    };
    return element;
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey) throw new Error('Stripe(): a publishable key is required');
    var groups = [];
    var notHere = function () { return Promise.reject(new Error('not implemented by the Stripe.js stand-in')); };
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      createToken: notHere,
      createPaymentMethod: notHere,
      confirmCardPayment: notHere,
      elements: function (options) {
        var state = { options: Object.assign({}, options), elements: {} };
        var group = {
          create: function (type, opts) { return (state.elements[type] = makeElement(type, opts)); },
          getElement: function (type) { return state.elements[type] || null; },
          update: function (opts) { Object.assign(state.options, opts); },
          submit: function () { return Promise.resolve({}); },
          fetchUpdates: function () { return Promise.resolve({}); },
        };
        groups.push({ group: group, state: state });
        return group;
      },
      confirmPayment: function (params) {
        var found = groups.filter(function (g) { return g.group === params.elements; })[0];
        if (!found) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmPayment needs the elements' } });
        var clientSecret = found.state.options.clientSecret;
        var returnUrl = params.confirmParams && params.confirmParams.return_url;
        return window.memoryWallStripePaid(publishableKey, clientSecret, returnUrl, params.redirect).then(function (id) {
          return { paymentIntent: { id: id, object: 'payment_intent', status: 'succeeded' } };
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

interface Confirmation {
  publishableKey: string;
  paymentIntentId: string;
  returnUrl: string;
  redirect: string;
}

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** Waits until the figure labelled `label` (a <dd> after its <dt>) reads exactly `value`. */
async function figure(page: Page, label: string, value: string, timeout = 10_000) {
  await page
    .locator('dt')
    .filter({ hasText: exactly(label) })
    .locator('xpath=following-sibling::dd[1]')
    .filter({ hasText: exactly(value) })
    .waitFor({ timeout });
}

describe('credits and billing in the browser', () => {
  let t: TestEnvironment;
  let stripe: FakeStripe;
  let api: RunningProcess;
  let browser: Browser;
  let provider: TestAccount;
  let owner: TestAccount;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    const env = { ...t.env, ...stripe.env, FRONTEND_DIST: resolve(__dirname, '../frontend/dist') };
    [api, browser] = await Promise.all([startApi(env), launchBrowser()]);
    provider = await createAccount(t.dataSource, Role.ServiceProvider, { username: 'pat_planner' });
    await t.dataSource
      .getRepository(ServiceProvider)
      .update(provider.provider!.id, { companyName: 'Evergreen Events' });
    owner = await createAccount(t.dataSource, Role.Owner, { username: 'olivia_owner' });
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await stripe?.stop();
    await t?.cleanup();
  });

  it('a provider buys the Value pack and sees 10 more credits once the webhook arrives; the owner adjusts credits and finds it in billing', async () => {
    // --- The provider buys the Value pack.
    const page = await (await browser.newContext()).newPage();
    const stripeScripts: string[] = [];
    await page.route('https://js.stripe.com/**', (route) => {
      stripeScripts.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STAND_IN });
    });
    const confirmations: Confirmation[] = [];
    let webhook: Promise<{ status: number }> | undefined;
    await page.exposeFunction(
      'memoryWallStripePaid',
      (publishableKey: string, clientSecret: string, returnUrl: string, redirect: string) => {
        const paymentIntentId = clientSecret.split('_secret_')[0];
        const intent = stripe.paymentIntents.get(paymentIntentId);
        if (!intent || intent.client_secret !== clientSecret) throw new Error(`Unknown client secret ${clientSecret}`);
        confirmations.push({ publishableKey, paymentIntentId, returnUrl, redirect });
        // Stripe's webhook comes a moment after the card is accepted: the page must wait for it.
        webhook = sleep(1500).then(() => sendWebhook(api.url, succeeded(intent)));
        return paymentIntentId;
      },
    );

    await signIn(page, api.url, provider);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(`${api.url}/credits`);
    await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
    await figure(page, 'Available Credits', '10');
    // Stripe.js is loaded only once a payment starts.
    expect(stripeScripts).toEqual([]);

    await page.getByRole('tab', { name: 'Purchase Credits' }).click();
    await page.getByRole('heading', { name: 'Choose a Credit Pack' }).waitFor();
    const valuePack = page.getByRole('listitem', { name: 'Value' });
    expect(await valuePack.innerText()).toContain('Most Popular');
    await valuePack.getByRole('button', { name: 'Choose Value' }).click();
    await page.getByRole('heading', { name: 'Order Review' }).waitFor();
    await figure(page, 'Package', 'Value');
    await figure(page, 'Total', '$450');

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByTestId('stripe-payment-element').waitFor();
    expect(stripeScripts).toEqual(['https://js.stripe.com/endive/stripe.js']);
    const sent = stripe.paymentIntentRequests().at(-1)!;
    expect(sent.form).toMatchObject({
      amount: '45000',
      currency: 'usd',
      metadata: { creditPackId: 'value', credits: '10' },
    });
    // The page's Idempotency-Key reaches Stripe, namespaced by the server.
    expect(sent.headers['idempotency-key']).toMatch(
      new RegExp(`^credit-pack:${provider.provider!.id}:value:pack-[0-9a-f]{32}$`),
    );
    const paymentIntentId = [...stripe.paymentIntents.keys()].at(-1)!;

    // The Payment Element says it is ready a moment after it mounts; until then the form is busy.
    const pay = page.getByRole('button', { name: 'Pay $450' });
    await page.getByText('Loading the payment form...').waitFor({ state: 'detached' });
    await expect(pay.isEnabled()).resolves.toBe(true);
    await pay.click();

    const banner = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Payment Successful' }) });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Your credits have been added to your account!');
    expect(confirmations).toEqual([
      {
        publishableKey: 'pk_test_fake',
        paymentIntentId,
        returnUrl: `${api.url}/credits?payment_success=true`,
        redirect: 'if_required',
      },
    ]);

    // Credits come only with the webhook, which the page waits for.
    await figure(page, 'Available Credits', '20', 15_000);
    expect((await webhook)!.status).toBe(200);
    await figure(page, 'Total Credits', '20');
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const purchaseRow = page.getByRole('row').filter({ hasText: 'Purchased Value pack (10 credits)' });
    expect(await purchaseRow.innerText()).toContain('+10');

    // Coming back from a payment that needed a redirect: the banner shows and the flag leaves the address.
    await page.goto(`${api.url}/credits?payment_success=true`);
    await banner.waitFor();
    await page.waitForURL(`${api.url}/credits`);

    // --- The owner adjusts the provider's credits and finds the adjustment in billing.
    const ownerPage = await (await browser.newContext()).newPage();
    await signIn(ownerPage, api.url, owner);
    await ownerPage.waitForURL(`${api.url}/admin`);
    await ownerPage.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await ownerPage.getByRole('rowheader', { name: 'Evergreen Events' }).waitFor();

    await ownerPage.getByRole('link', { name: 'Billing', exact: true }).click();
    await ownerPage.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await figure(ownerPage, 'Total Credits', '10');
    await figure(ownerPage, 'Total Revenue', '$450');

    await ownerPage.getByRole('tab', { name: 'Adjust Credits' }).click();
    await ownerPage
      .getByLabel('Service Provider', { exact: true })
      .selectOption({ label: 'Evergreen Events (pat_planner): 20 credits' });
    await ownerPage.getByRole('button', { name: 'Adjust Credits' }).click();
    await ownerPage.getByText('Please enter a credit amount (positive or negative).').waitFor();
    await ownerPage.getByText('Please provide a reason for the adjustment.').waitFor();
    for (let i = 0; i < 3; i++) await ownerPage.getByRole('button', { name: 'Increase amount' }).click();
    expect(await ownerPage.getByLabel('Credit Amount', { exact: true }).inputValue()).toBe('3');
    await ownerPage.getByLabel('Reason', { exact: true }).fill('Goodwill for the launch');
    await ownerPage.getByRole('button', { name: 'Adjust Credits' }).click();
    await ownerPage.getByText('Credits Adjusted').waitFor();
    await ownerPage.getByText('Evergreen Events now has 23 credits available.').waitFor();

    await ownerPage.getByRole('tab', { name: 'Transaction History' }).click();
    // The search runs on the server once typing pauses. Until its answer comes the table shows the list
    // before it, or nothing while that list loads (when waiting for the other rows to go would pass at once).
    const searched = ownerPage.waitForResponse(
      (response) => response.url().includes('/credit-transactions?') && response.url().includes('search=goodwill'),
    );
    await ownerPage.getByRole('searchbox', { name: 'Search' }).fill('goodwill');
    await searched;
    const rows = ownerPage.getByRole('table', { name: 'Transaction History' }).locator('tbody tr');
    await rows.filter({ hasNotText: 'Goodwill for the launch' }).first().waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Goodwill for the launch' }).first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td, th').allInnerTexts()).toEqual([
      expect.any(String),
      'Evergreen Events',
      'Admin Adjustment',
      '+3',
      'Goodwill for the launch',
    ]);
    await ownerPage.getByRole('searchbox', { name: 'Search' }).fill('no such thing');
    await ownerPage.getByText('No transactions match your search').waitFor();

    // The ledger explains the balance: welcome 10 + Value pack 10 + adjustment 3.
    const ledger = await t.dataSource
      .getRepository(CreditTransaction)
      .sum('amount', { serviceProviderId: provider.provider!.id });
    expect(ledger).toBe(23);
    await page.reload();
    await figure(page, 'Available Credits', '23');
  });
});
