import { AuthMessages, EVENT_CODE_ALPHABET, LANGUAGES } from '@memory-wall/contracts';
import { CreditTransaction, Event, ServiceProvider } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

describe('events', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let provider: TestAccount;
  let asProvider: ApiClient;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    provider = await createAccount(t.dataSource, 'service_provider');
    asProvider = await signedIn(api.url, provider);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const credits = async (account: TestAccount) =>
    (await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: account.provider!.id })).availableCredits;
  const ledgerSum = async (account: TestAccount) =>
    (await t.dataSource.getRepository(CreditTransaction).sum('amount', { serviceProviderId: account.provider!.id })) ??
    0;
  const draft = async (client = asProvider, body: Record<string, unknown> = {}) => {
    const res = await client.post('/api/events', { name: 'Summer Wedding', eventType: 'wedding', ...body });
    expect(res.status).toBe(201);
    return res.body.event;
  };

  describe('creating', () => {
    it('makes a draft with a unique, unguessable slug and a 6-character code without look-alikes', async () => {
      const a = await draft();
      const b = await draft();
      expect(a).toMatchObject({
        status: 'draft',
        isPublished: false,
        creditCharged: false,
        moderationType: 'ai_moderation',
        serviceProviderId: provider.provider!.id,
      });
      // Readable, but not derivable from the name: the slug finds the published event without signing in.
      for (const slug of [a.slug, b.slug]) expect(slug).toMatch(/^summer-wedding-[a-z0-9]{8}$/);
      expect(a.slug).not.toBe(b.slug);
      for (const code of [a.eventCode, b.eventCode]) {
        expect(code).toHaveLength(6);
        expect([...code].every((c: string) => EVENT_CODE_ALPHABET.includes(c))).toBe(true);
      }
      expect(a.eventCode).not.toBe(b.eventCode);
      expect(await credits(provider)).toBe(10);
    });

    it.each([
      [{ name: 'ab' }, 'name', 'Event name must be at least 3 characters'],
      [{ eventType: 'party' }, 'eventType', 'Event type must be memorial, wedding or general'],
      [
        { moderationType: 'auto_approve' },
        'moderationType',
        'Moderation type must be ai_moderation or manual_moderation',
      ],
      [{ eventDate: '2020-01-01' }, 'eventDate', 'The event date cannot be in the past'],
      [
        { eventDate: '2099-06-10', eventEndDate: '2099-06-09' },
        'eventEndDate',
        'The end date cannot be before the start date',
      ],
      [{ eventCode: 'AB' }, 'eventCode', 'Event code must be 4 to 10 letters or digits'],
      [{ defaultLanguage: 'it' }, 'defaultLanguage', 'Language must be en, zh, es, fr or de'],
      [{ defaultLanguage: 'ZH' }, 'defaultLanguage', 'Language must be en, zh, es, fr or de'],
      [
        { customerName: 'A', customerEmail: 'a@b.co', customerUsername: 'abc' },
        'customerName',
        'Customer name is required',
      ],
      [
        { customerName: 'Ann', customerEmail: 'nope', customerUsername: 'abc' },
        'customerEmail',
        'Please enter a valid email',
      ],
      [
        { customerName: 'Ann', customerEmail: 'a@b.co', customerUsername: 'a-b' },
        'customerUsername',
        'Username can only contain letters, numbers, and underscores',
      ],
      [
        { customerName: 'Ann', customerEmail: 'a@b.co', customerUsername: 'abc', customerPassword: '12345' },
        'customerPassword',
        'Password must be exactly 6 digits',
      ],
      [
        { customerName: 'Ann', customerEmail: 'a@b.co', customerUsername: 'abc', customerPassword: '12345a' },
        'customerPassword',
        'Password must be a 6-digit number',
      ],
      [
        { serviceProviderId: '6f1c1e8e-0000-4000-8000-000000000000' },
        'serviceProviderId',
        'Only the owner can create events for another provider',
      ],
      [{ status: 'live' }, 'status', 'property status should not exist'],
    ])('refuses %j with the message on %s and creates nothing', async (body, field, message) => {
      const before = await t.dataSource.getRepository(Event).count();
      const res = await asProvider.post('/api/events', { name: 'Valid name', eventType: 'general', ...body });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(await t.dataSource.getRepository(Event).count()).toBe(before);
    });

    it.each(LANGUAGES)('stores the default language %s and gives it to guests with the event', async (language) => {
      const event = await draft(asProvider, { defaultLanguage: language });
      expect(event.defaultLanguage).toBe(language);
      expect((await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).defaultLanguage).toBe(
        language,
      );
    });

    it('refuses a language outside the list when the event is changed, and keeps the one it had', async () => {
      const event = await draft(asProvider, { defaultLanguage: 'fr' });
      const res = await asProvider.patch(`/api/events/${event.id}`, { defaultLanguage: 'xx' });
      expect(res.status).toBe(400);
      expect(res.body.fields.defaultLanguage).toBe('Language must be en, zh, es, fr or de');
      expect((await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).defaultLanguage).toBe('fr');
    });

    it('with customer access: publishes at once, charges 1 credit, and the customer signs in with the PIN', async () => {
      const p = await createAccount(t.dataSource, 'service_provider');
      const client = await signedIn(api.url, p);
      const res = await client.post('/api/events', {
        name: 'Rose Garden Memorial',
        eventType: 'memorial',
        customerName: 'Rose Family',
        customerEmail: 'rose@example.test',
        customerUsername: 'rose_family',
        customerPassword: '482913',
      });
      expect(res.status).toBe(201);
      expect(res.body.event).toMatchObject({ status: 'live', isPublished: true, creditCharged: true });
      expect(res.body.customer).toMatchObject({
        fullName: 'Rose Family',
        username: 'rose_family',
        email: 'rose@example.test',
      });
      expect(res.body.password).toBe('482913');
      expect(await credits(p)).toBe(9);
      expect(await ledgerSum(p)).toBe(9);
      const charges = await t.dataSource
        .getRepository(CreditTransaction)
        .findBy({ serviceProviderId: p.provider!.id, transactionType: 'event_creation' });
      expect(charges).toEqual([expect.objectContaining({ amount: -1, metadata: { eventId: res.body.event.id } })]);

      const customer = await signedIn(api.url, { username: 'rose_family', password: '482913' });
      const mine = await customer.get('/api/events');
      expect(mine.body.events.map((e: { id: string }) => e.id)).toEqual([res.body.event.id]);
    });

    it('generates a PIN between 100000 and 999999 when none is given', async () => {
      const event = await draft();
      const res = await asProvider.post(`/api/events/${event.id}/customer`, {
        customerName: 'Gen Pin',
        customerEmail: 'gen@example.test',
        customerUsername: 'gen_pin',
      });
      expect(res.status).toBe(201);
      expect(Number(res.body.password)).toBeGreaterThanOrEqual(100000);
      expect(Number(res.body.password)).toBeLessThanOrEqual(999999);
      expect(
        (
          await new ApiClient(api.url).post('/api/auth/login', {
            emailOrUsername: 'gen_pin',
            password: res.body.password,
          })
        ).status,
      ).toBe(200);
      const list = await asProvider.get(`/api/events/${event.id}/customer`);
      expect(list.body.customers).toEqual([
        expect.objectContaining({ username: 'gen_pin', fullName: 'Gen Pin', email: 'gen@example.test' }),
      ]);
    });

    it('refuses a taken customer username or event code with 409 on the field', async () => {
      const event = await draft(asProvider, { eventCode: 'TAKEN1' });
      expect(event.eventCode).toBe('TAKEN1');
      const again = await asProvider.post('/api/events', { name: 'Other', eventType: 'general', eventCode: 'taken1' });
      expect(again.status).toBe(409);
      expect(again.body.fields).toEqual({ eventCode: 'This event code is already in use' });
      const dup = await asProvider.post(`/api/events/${event.id}/customer`, {
        customerName: 'Dup',
        customerEmail: 'd@example.test',
        customerUsername: provider.username,
      });
      expect(dup.status).toBe(409);
      expect(dup.body.fields).toEqual({ customerUsername: 'Username is already taken' });
    });
  });

  describe('status', () => {
    it('goes draft → live (1 credit, once) → completed, and refuses every other change with 409', async () => {
      const p = await createAccount(t.dataSource, 'service_provider');
      const client = await signedIn(api.url, p);
      const event = await draft(client);
      expect((await client.patch(`/api/events/${event.id}`, { status: 'completed' })).status).toBe(409);
      const live = await client.patch(`/api/events/${event.id}`, { status: 'live' });
      expect(live.body.event).toMatchObject({ status: 'live', isPublished: true, creditCharged: true });
      await client.patch(`/api/events/${event.id}`, { status: 'live' });
      await client.post(`/api/events/${event.id}/customer`, {
        customerName: 'Late Add',
        customerEmail: 'late@example.test',
        customerUsername: 'late_add',
      });
      expect(await credits(p)).toBe(9);
      const done = await client.patch(`/api/events/${event.id}`, { status: 'completed' });
      expect(done.body.event.status).toBe('completed');
      const back = await client.patch(`/api/events/${event.id}`, { status: 'live' });
      expect(back.status).toBe(409);
      expect(back.body.message).toBe('A completed event cannot become live');
    });

    it('deletes drafts only', async () => {
      const event = await draft();
      expect((await asProvider.delete(`/api/events/${event.id}`)).status).toBe(200);
      expect(await t.dataSource.getRepository(Event).existsBy({ id: event.id })).toBe(false);
      const live = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
      const res = await asProvider.delete(`/api/events/${live.id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only draft events can be deleted');
      expect(await t.dataSource.getRepository(Event).existsBy({ id: live.id })).toBe(true);
    });

    it('with 1 credit left, 20 concurrent publishes of different drafts: exactly one succeeds', async () => {
      const p = await createAccount(t.dataSource, 'service_provider');
      await t.dataSource.getRepository(ServiceProvider).update({ id: p.provider!.id }, { availableCredits: 1 });
      await t.dataSource.getRepository(CreditTransaction).save({
        serviceProviderId: p.provider!.id,
        amount: -9,
        transactionType: 'admin_adjustment',
        description: 'test: leave 1 credit',
      });
      const client = await signedIn(api.url, p);
      const drafts = await Promise.all(Array.from({ length: 20 }, (_, i) => draft(client, { name: `Draft ${i}` })));
      const results = await Promise.all(drafts.map((d) => client.patch(`/api/events/${d.id}`, { status: 'live' })));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 402)).toHaveLength(19);
      expect(results.find((r) => r.status === 402)!.body.message).toBe(
        'Not enough credits: buy a credit pack to publish this event',
      );
      expect(await credits(p)).toBe(0);
      expect(
        await t.dataSource.getRepository(Event).countBy({ serviceProviderId: p.provider!.id, status: 'live' }),
      ).toBe(1);
      expect(
        await t.dataSource
          .getRepository(CreditTransaction)
          .countBy({ serviceProviderId: p.provider!.id, transactionType: 'event_creation' }),
      ).toBe(1);
      expect(await ledgerSum(p)).toBe(0);
    });

    it('charges once when Publish and customer access race for the same draft', async () => {
      const p = await createAccount(t.dataSource, 'service_provider');
      const client = await signedIn(api.url, p);
      const event = await draft(client);
      const [publish, customer] = await Promise.all([
        client.patch(`/api/events/${event.id}`, { status: 'live' }),
        client.post(`/api/events/${event.id}/customer`, {
          customerName: 'Racer',
          customerEmail: 'racer@example.test',
          customerUsername: 'racer',
        }),
      ]);
      expect([publish.status, customer.status]).toEqual([200, 201]);
      expect(await credits(p)).toBe(9);
      expect(await ledgerSum(p)).toBe(9);
    });
  });

  describe('settings and permissions', () => {
    it('maps numberOfImagesDisplay 6 to 4 and other values to 3', async () => {
      const event = await draft();
      expect(
        (await asProvider.patch(`/api/events/${event.id}`, { numberOfImagesDisplay: 6 })).body.event
          .numberOfImagesDisplay,
      ).toBe(4);
      expect(
        (await asProvider.patch(`/api/events/${event.id}`, { numberOfImagesDisplay: 2 })).body.event
          .numberOfImagesDisplay,
      ).toBe(2);
      expect(
        (await asProvider.patch(`/api/events/${event.id}`, { numberOfImagesDisplay: 5 })).body.event
          .numberOfImagesDisplay,
      ).toBe(3);
    });

    it('lets a customer change wall settings (canEditTheme) but not details (canEditDetails) or status', async () => {
      const event = await createEvent(t.dataSource, {
        serviceProviderId: provider.provider!.id,
        name: 'Original Name',
      });
      const customer = await createAccount(t.dataSource, 'customer');
      await makeEventAdmin(t.dataSource, customer.user.id, event.id);
      const client = await signedIn(api.url, customer);
      const wallSettings = {
        wallTitle: 'Our Day',
        colorTheme: '#FDFBD4',
        enableMusic: false,
        transitionTime: 30,
        animationStyle: 'vertical',
        displayOrder: 'oldest',
        moderationType: 'manual_moderation',
      };
      const ok = await client.patch(`/api/events/${event.id}`, wallSettings);
      expect(ok.status).toBe(200);
      expect(ok.body.event).toMatchObject(wallSettings);
      expect((await client.patch(`/api/events/${event.id}`, { name: 'Renamed' })).status).toBe(403);
      expect((await client.patch(`/api/events/${event.id}`, { status: 'completed' })).status).toBe(403);
      expect((await client.delete(`/api/events/${event.id}`)).status).toBe(403);
      expect(await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).toMatchObject({
        name: 'Original Name',
        status: 'live',
      });
      const bad = await client.patch(`/api/events/${event.id}`, { colorTheme: 'red' });
      expect(bad.body.fields).toEqual({ colorTheme: 'Background colour must be a colour like #D6E6F6' });
    });

    it('refuses a change of moderation to a customer barred from moderating, and keeps the wall settings form working (P1)', async () => {
      const event = await createEvent(t.dataSource, {
        serviceProviderId: provider.provider!.id,
        moderationType: 'manual_moderation',
      });
      const customer = await createAccount(t.dataSource, 'customer');
      await makeEventAdmin(t.dataSource, customer.user.id, event.id);
      const customerPath = `/api/events/${event.id}/customer/${customer.user.id}`;
      expect((await asProvider.patch(customerPath, { canModerate: false })).status).toBe(200);
      const client = await signedIn(api.url, customer);

      for (const moderationType of ['auto_approve', 'ai_moderation']) {
        const refused = await client.patch(`/api/events/${event.id}`, { wallTitle: 'Ours', moderationType });
        expect([refused.status, refused.body.message]).toEqual([403, AuthMessages.accessDenied]);
      }
      // The form sends the moderation it shows: unchanged, the other settings are saved.
      const saved = await client.patch(`/api/events/${event.id}`, {
        wallTitle: 'Ours',
        moderationType: 'manual_moderation',
      });
      expect(saved.status).toBe(200);
      expect(await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).toMatchObject({
        wallTitle: 'Ours',
        moderationType: 'manual_moderation',
      });
    });

    it('lets the provider set what its customer may do, and every route honours it at once', async () => {
      const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, name: 'Before' });
      const customer = await createAccount(t.dataSource, 'customer');
      await makeEventAdmin(t.dataSource, customer.user.id, event.id);
      const asCustomer = await signedIn(api.url, customer);
      const customerPath = `/api/events/${event.id}/customer/${customer.user.id}`;
      expect((await asCustomer.get(`/api/events/${event.id}`)).body.event.permissions).toEqual({
        canModerate: true,
        canEditTheme: true,
        canEditDetails: false,
      });
      expect((await asCustomer.get(`/api/events/${event.id}/submissions/pending`)).status).toBe(200);

      const changed = await asProvider.patch(customerPath, { canEditDetails: true, canEditTheme: false });
      expect(changed.status).toBe(200);
      expect(changed.body.customer).toMatchObject({
        id: customer.user.id,
        permissions: { canModerate: true, canEditTheme: false, canEditDetails: true },
      });
      expect((await asProvider.patch(customerPath, { canModerate: false })).body.customer.permissions).toEqual({
        canModerate: false,
        canEditTheme: false,
        canEditDetails: true,
      });
      expect((await asProvider.get(`/api/events/${event.id}/customer`)).body.customers[0].permissions).toEqual({
        canModerate: false,
        canEditTheme: false,
        canEditDetails: true,
      });

      expect((await asCustomer.get('/api/events')).body.events[0].permissions).toEqual({
        canModerate: false,
        canEditTheme: false,
        canEditDetails: true,
      });
      expect((await asCustomer.patch(`/api/events/${event.id}`, { name: 'After' })).status).toBe(200);
      expect((await asCustomer.patch(`/api/events/${event.id}`, { wallTitle: 'Not mine to set' })).status).toBe(403);
      expect((await asCustomer.get(`/api/events/${event.id}/submissions/pending`)).status).toBe(403);
      expect(await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).toMatchObject({
        name: 'After',
        wallTitle: null,
      });
      // Providers and the owner may do all of it.
      expect((await asProvider.get(`/api/events/${event.id}`)).body.event.permissions).toEqual({
        canModerate: true,
        canEditTheme: true,
        canEditDetails: true,
      });
    });

    it('keeps both of two permission changes made at the same instant', async () => {
      const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
      const customer = await createAccount(t.dataSource, 'customer');
      await makeEventAdmin(t.dataSource, customer.user.id, event.id);
      const path = `/api/events/${event.id}/customer/${customer.user.id}`;
      for (let round = 0; round < 10; round++) {
        const allowed = round % 2 === 0;
        await Promise.all([
          asProvider.patch(path, { canEditDetails: allowed }),
          asProvider.patch(path, { canModerate: !allowed }),
        ]);
        const [stored] = (await asProvider.get(`/api/events/${event.id}/customer`)).body.customers;
        expect(stored.permissions).toEqual({ canModerate: !allowed, canEditTheme: true, canEditDetails: allowed });
      }
    });

    it('refuses permission changes from the customer, another provider, for a stranger, or of the wrong type', async () => {
      const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
      const customer = await createAccount(t.dataSource, 'customer');
      await makeEventAdmin(t.dataSource, customer.user.id, event.id);
      const path = `/api/events/${event.id}/customer/${customer.user.id}`;
      const other = await signedIn(api.url, await createAccount(t.dataSource, 'service_provider'));
      const stranger = await createAccount(t.dataSource, 'customer');

      expect((await (await signedIn(api.url, customer)).patch(path, { canEditDetails: true })).status).toBe(403);
      expect((await other.patch(path, { canEditDetails: true })).status).toBe(404);
      const unknown = await asProvider.patch(`/api/events/${event.id}/customer/${stranger.user.id}`, {
        canEditDetails: true,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('This customer has no login for this event');
      expect((await asProvider.patch(path, { canEditDetails: 'yes' })).status).toBe(400);
      expect((await asProvider.get(`/api/events/${event.id}/customer`)).body.customers[0].permissions).toEqual({
        canModerate: true,
        canEditTheme: true,
        canEditDetails: false,
      });
    });

    it("answers 404 for another provider's event and changes nothing", async () => {
      const event = await draft();
      const other = await signedIn(api.url, await createAccount(t.dataSource, 'service_provider'));
      expect((await other.get(`/api/events/${event.id}`)).status).toBe(404);
      expect((await other.patch(`/api/events/${event.id}`, { name: 'Stolen' })).status).toBe(404);
      expect((await other.patch(`/api/events/${event.id}`, { status: 'live' })).status).toBe(404);
      expect((await other.delete(`/api/events/${event.id}`)).status).toBe(404);
      expect(
        (
          await other.post(`/api/events/${event.id}/customer`, {
            customerName: 'X Y',
            customerEmail: 'xy@example.test',
            customerUsername: 'x_y',
          })
        ).status,
      ).toBe(404);
      expect(await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).toMatchObject({
        name: 'Summer Wedding',
        status: 'draft',
      });
    });
  });

  describe('guest lookups', () => {
    it('finds a published event by code in any case and by slug, never a draft', async () => {
      const live = await createEvent(t.dataSource, { eventCode: 'HJK234' });
      const byCode = await new ApiClient(api.url).get('/api/events/by-code/hjk234');
      expect(byCode.body).toMatchObject({ success: true, event: { id: live.id, eventCode: 'HJK234' } });
      expect(byCode.body.event).not.toHaveProperty('serviceProviderId');
      expect((await new ApiClient(api.url).get(`/api/events/by-slug/${live.slug}`)).body.event.id).toBe(live.id);

      const hidden = await createEvent(t.dataSource, { eventCode: 'MNP567', status: 'draft', isPublished: false });
      for (const path of [
        '/api/events/by-code/MNP567',
        `/api/events/by-slug/${hidden.slug}`,
        '/api/events/by-code/NOPE99',
      ]) {
        const res = await new ApiClient(api.url).get(path);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Event not found');
      }
    });
  });
});
