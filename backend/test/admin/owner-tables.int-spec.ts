import { AdminListMessages, PROVIDER_SORT_FIELDS, Role } from '@memory-wall/contracts';
import { CreditTransaction, Memory, ServiceProvider } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const UNKNOWN_ID = '6f1c1e8e-0000-4000-8000-000000000000';

/** The owner's providers, All Events and transactions tables: search, sort and pages from the server. */
describe("owner's tables: search, sort, page; verified providers", () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let asOwner: ApiClient;
  const providers: TestAccount[] = [];
  const names = ['Delta Weddings', 'alpha Memorials', 'Charlie_50% Events', 'Bravo Parties'];

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    asOwner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    for (const [i, companyName] of names.entries()) {
      const account = await createAccount(t.dataSource, Role.ServiceProvider, { email: `table${i}@tables.test` });
      await t.dataSource.getRepository(ServiceProvider).update({ id: account.provider!.id }, { companyName });
      account.provider!.companyName = companyName;
      providers.push(account);
    }
    // Delta has 3 events (one with 2 memories), alpha 1, the others none.
    const [delta, alpha] = providers.map((p) => p.provider!.id);
    const at = (minutes: number) => new Date(Date.parse('2030-01-01T10:00:00Z') + minutes * 60_000);
    const zebra = await createEvent(t.dataSource, { serviceProviderId: delta, name: 'Zebra gala', createdAt: at(1) });
    await createEvent(t.dataSource, { serviceProviderId: delta, name: 'apple picnic', createdAt: at(2) });
    await createEvent(t.dataSource, { serviceProviderId: delta, name: 'Mango ball', createdAt: at(3) });
    await createEvent(t.dataSource, { serviceProviderId: alpha, name: 'Kiwi wake', createdAt: at(4) });
    for (const content of ['one', 'two'])
      await t.dataSource.getRepository(Memory).insert({ eventId: zebra.id, content, author: 'Guest' });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const companies = (body: { serviceProviders: Array<{ companyName: string }> }) =>
    body.serviceProviders.map((p) => p.companyName);

  describe('GET /api/admin/service-providers', () => {
    it('sorts by company name either way, case-insensitively', async () => {
      const asc = await asOwner.get('/api/admin/service-providers?sort=companyName&order=asc');
      expect(asc.status).toBe(200);
      expect(companies(asc.body)).toEqual(['alpha Memorials', 'Bravo Parties', 'Charlie_50% Events', 'Delta Weddings']);
      const desc = await asOwner.get('/api/admin/service-providers?sort=companyName&order=desc');
      expect(companies(desc.body)).toEqual([...companies(asc.body)].reverse());
    });

    it('sorts by counted events and contributions', async () => {
      const events = await asOwner.get('/api/admin/service-providers?sort=totalEventsCount&order=desc');
      expect(companies(events.body).slice(0, 2)).toEqual(['Delta Weddings', 'alpha Memorials']);
      const contributions = await asOwner.get('/api/admin/service-providers?sort=totalContributionsCount&order=desc');
      expect(contributions.body.serviceProviders[0]).toMatchObject({
        companyName: 'Delta Weddings',
        totalContributionsCount: 2,
        totalEventsCount: 3,
      });
    });

    it('pages: the total of all matches, and pages that neither overlap nor skip', async () => {
      const first = await asOwner.get('/api/admin/service-providers?sort=companyName&order=asc&pageSize=3');
      const second = await asOwner.get('/api/admin/service-providers?sort=companyName&order=asc&pageSize=3&page=2');
      expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
      expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect([...companies(first.body), ...companies(second.body)]).toEqual([
        'alpha Memorials',
        'Bravo Parties',
        'Charlie_50% Events',
        'Delta Weddings',
      ]);
      const beyond = await asOwner.get('/api/admin/service-providers?page=9');
      expect(beyond.body).toMatchObject({ total: 4, serviceProviders: [] });
    });

    it('searches company, username and email, any case, wildcards taken literally', async () => {
      const byCompany = await asOwner.get('/api/admin/service-providers?search=WEDDINGS');
      expect(companies(byCompany.body)).toEqual(['Delta Weddings']);
      expect(byCompany.body.total).toBe(1);
      const byEmail = await asOwner.get('/api/admin/service-providers?search=table3%40tables');
      expect(companies(byEmail.body)).toEqual(['Bravo Parties']);
      const byUsername = await asOwner.get(`/api/admin/service-providers?search=${providers[1].username}`);
      expect(companies(byUsername.body)).toEqual(['alpha Memorials']);
      const literal = await asOwner.get('/api/admin/service-providers?search=_50%25');
      expect(companies(literal.body)).toEqual(['Charlie_50% Events']);
      const none = await asOwner.get('/api/admin/service-providers?search=%25');
      expect(companies(none.body)).toEqual(['Charlie_50% Events']);
    });

    it.each([
      ['sort=password', 'sort', AdminListMessages.sortInvalid(PROVIDER_SORT_FIELDS)],
      ['order=sideways', 'order', AdminListMessages.orderInvalid],
      ['page=0', 'page', AdminListMessages.pageInvalid],
      ['pageSize=101', 'pageSize', AdminListMessages.pageSizeInvalid],
      ['pageSize=abc', 'pageSize', AdminListMessages.pageSizeInvalid],
      [`search=${'x'.repeat(101)}`, 'search', AdminListMessages.searchTooLong],
    ])('refuses %s with 400 naming %s', async (query, field, message) => {
      const res = await asOwner.get(`/api/admin/service-providers?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fields[field]).toBe(message);
    });
  });

  describe('PATCH /api/admin/service-providers/:id/verification', () => {
    it('marks a provider verified and back; the list and its page show it', async () => {
      const id = providers[3].provider!.id;
      const res = await asOwner.patch(`/api/admin/service-providers/${id}/verification`, { verified: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, serviceProvider: { id, verified: true } });
      expect((await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id })).verified).toBe(true);
      const list = await asOwner.get('/api/admin/service-providers?search=Bravo');
      expect(list.body.serviceProviders[0].verified).toBe(true);
      const sorted = await asOwner.get('/api/admin/service-providers?sort=verified&order=desc');
      expect(companies(sorted.body)[0]).toBe('Bravo Parties');

      await asOwner.patch(`/api/admin/service-providers/${id}/verification`, { verified: false });
      expect((await asOwner.get(`/api/admin/service-providers/${id}`)).body.serviceProvider.verified).toBe(false);
    });

    it('refuses an unknown provider (404) and a value that is not a boolean (400), changing nothing', async () => {
      const unknown = await asOwner.patch(`/api/admin/service-providers/${UNKNOWN_ID}/verification`, {
        verified: true,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Service provider not found');
      const id = providers[0].provider!.id;
      for (const body of [{ verified: 'yes' }, {}, { verified: true, companyName: 'Renamed' }]) {
        const res = await asOwner.patch(`/api/admin/service-providers/${id}/verification`, body);
        expect(res.status).toBe(400);
      }
      expect(await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id })).toMatchObject({
        verified: false,
        companyName: 'Delta Weddings',
      });
    });

    it("is the owner's alone: anonymous 401, guests, customers and providers (its own too) 403", async () => {
      const id = providers[0].provider!.id;
      const path = `/api/admin/service-providers/${id}/verification`;
      expect((await new ApiClient(api.url).patch(path, { verified: true })).status).toBe(401);
      for (const account of [
        await createAccount(t.dataSource, Role.Guest),
        await createAccount(t.dataSource, Role.Customer),
        providers[0],
      ]) {
        const client = await signedIn(api.url, account);
        expect((await client.patch(path, { verified: true })).status).toBe(403);
      }
      expect((await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id })).verified).toBe(false);
    });
  });

  describe('GET /api/admin/events', () => {
    it("sorts every provider's events, names their providers, counts contributions, and pages", async () => {
      const res = await asOwner.get('/api/admin/events?sort=name&order=asc&pageSize=2');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
      expect(res.body.events.map((e: { name: string }) => e.name)).toEqual(['apple picnic', 'Kiwi wake']);
      expect(res.body.events[1].serviceProviderName).toBe('alpha Memorials');
      const byContributions = await asOwner.get('/api/admin/events?sort=contributionsCount&order=desc');
      expect(byContributions.body.events[0]).toMatchObject({
        name: 'Zebra gala',
        contributionsCount: 2,
        serviceProviderName: 'Delta Weddings',
      });
      for (const sort of ['eventType', 'status', 'eventDate', 'serviceProviderName', 'createdAt'])
        expect([sort, (await asOwner.get(`/api/admin/events?sort=${sort}`)).status]).toEqual([sort, 200]);
      const newest = await asOwner.get('/api/admin/events');
      expect(newest.body.events.map((e: { name: string }) => e.name)).toEqual([
        'Kiwi wake',
        'Mango ball',
        'apple picnic',
        'Zebra gala',
      ]);
    });

    it("searches the event's name and its provider's company", async () => {
      const byName = await asOwner.get('/api/admin/events?search=GALA');
      expect(byName.body.events.map((e: { name: string }) => e.name)).toEqual(['Zebra gala']);
      const byProvider = await asOwner.get('/api/admin/events?search=memorials');
      expect(byProvider.body).toMatchObject({ total: 1, events: [{ name: 'Kiwi wake' }] });
    });

    it('refuses a sort field it does not offer, and everyone but the owner', async () => {
      const bad = await asOwner.get('/api/admin/events?sort=slug');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^Sort must be one of name, serviceProviderName/);
      const client = await signedIn(api.url, providers[0]);
      expect((await client.get('/api/admin/events')).status).toBe(403);
    });
  });

  describe('GET /api/admin/credit-transactions', () => {
    it('searches descriptions and providers, sorts by amount, pages with a total', async () => {
      const delta = providers[0].provider!.id;
      for (const [amount, reason] of [
        [5, 'Goodwill for the gala'],
        [-2, 'Refund of a mistake'],
      ] as const)
        await asOwner.post('/api/admin/adjust-credits', { serviceProviderId: delta, amount, reason });
      const all = await t.dataSource.getRepository(CreditTransaction).count();

      const search = await asOwner.get('/api/admin/credit-transactions?search=gala');
      expect(search.body).toMatchObject({
        total: 1,
        transactions: [{ amount: 5, serviceProviderName: 'Delta Weddings' }],
      });
      const byAmount = await asOwner.get('/api/admin/credit-transactions?sort=amount&order=asc&pageSize=1');
      expect(byAmount.body).toMatchObject({ total: all, pageSize: 1, transactions: [{ amount: -2 }] });
      const byProvider = await asOwner.get(
        `/api/admin/credit-transactions?serviceProviderId=${delta}&search=delta&sort=createdAt&order=desc`,
      );
      expect(byProvider.body.transactions.map((tx: { amount: number }) => tx.amount)).toEqual([-2, 5, 10]);
      for (const sort of ['transactionType', 'serviceProviderName'])
        expect([sort, (await asOwner.get(`/api/admin/credit-transactions?sort=${sort}`)).status]).toEqual([sort, 200]);
      const bad = await asOwner.get('/api/admin/credit-transactions?sort=stripePaymentIntentId');
      expect(bad.status).toBe(400);
      expect(bad.body.fields.sort).toBe('Sort must be one of createdAt, serviceProviderName, transactionType, amount');
    });
  });
});
