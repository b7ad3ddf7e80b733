import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, RetentionMessages, Role } from '@memory-wall/contracts';
import { ServiceProvider } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const UNKNOWN_ID = '6f1c1e8e-0000-4000-8000-000000000000';
const DEFAULT_DAYS = 45;

/** The owner sets how long a provider's events keep their media (the retention sweep reads it). */
describe('PATCH /api/admin/service-providers/:id/retention', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let asOwner: ApiClient;
  let provider: TestAccount;
  const path = () => `/api/admin/service-providers/${provider.provider!.id}/retention`;
  const stored = async () =>
    (await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: provider.provider!.id })).retentionDays;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, RETENTION_DAYS: String(DEFAULT_DAYS) });
    asOwner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    provider = await createAccount(t.dataSource, Role.ServiceProvider);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it('lists every provider with its retention (null) and the default it then has', async () => {
    const list = await asOwner.get('/api/admin/service-providers');
    expect(list.status).toBe(200);
    const listed = list.body.serviceProviders.find((p: { id: string }) => p.id === provider.provider!.id);
    expect(listed).toMatchObject({ retentionDays: null, defaultRetentionDays: DEFAULT_DAYS });
  });

  it('sets the days, which the list and the provider page show, and puts them back to the default with null', async () => {
    const set = await asOwner.patch(path(), { retentionDays: 365 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      success: true,
      serviceProvider: { id: provider.provider!.id, retentionDays: 365, defaultRetentionDays: DEFAULT_DAYS },
    });
    expect(await stored()).toBe(365);
    const one = await asOwner.get(`/api/admin/service-providers/${provider.provider!.id}`);
    expect(one.body.serviceProvider.retentionDays).toBe(365);

    for (const days of [MIN_RETENTION_DAYS, MAX_RETENTION_DAYS]) {
      expect((await asOwner.patch(path(), { retentionDays: days })).status).toBe(200);
      expect(await stored()).toBe(days);
    }

    const reset = await asOwner.patch(path(), { retentionDays: null });
    expect(reset.status).toBe(200);
    expect(reset.body.serviceProvider).toMatchObject({ retentionDays: null, defaultRetentionDays: DEFAULT_DAYS });
    expect(await stored()).toBeNull();
  });

  it.each([
    ['fewer days than the warning needs', { retentionDays: MIN_RETENTION_DAYS - 1 }],
    ['more than ten years', { retentionDays: MAX_RETENTION_DAYS + 1 }],
    ['a fraction', { retentionDays: 30.5 }],
    ['a string', { retentionDays: '30' }],
    ['no field', {}],
    ['another field besides', { retentionDays: 30, verified: true }],
  ])('refuses %s with 400 (naming the field), changing nothing', async (_, body) => {
    await t.dataSource.getRepository(ServiceProvider).update({ id: provider.provider!.id }, { retentionDays: 120 });
    const res = await asOwner.patch(path(), body);
    expect(res.status).toBe(400);
    if ('verified' in body) expect(res.body.message).toMatch(/verified/);
    else {
      expect(res.body.message).toBe(RetentionMessages.retentionInvalid);
      expect(res.body.fields.retentionDays).toBe(RetentionMessages.retentionInvalid);
    }
    expect(await stored()).toBe(120);
  });

  it('answers 404 for an unknown provider, 400 for an id that is no uuid', async () => {
    const unknown = await asOwner.patch(`/api/admin/service-providers/${UNKNOWN_ID}/retention`, { retentionDays: 30 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Service provider not found');
    expect((await asOwner.patch('/api/admin/service-providers/nope/retention', { retentionDays: 30 })).status).toBe(
      400,
    );
  });

  it("is the owner's alone, refused before the body is looked at: anonymous 401, everyone else 403", async () => {
    await t.dataSource.getRepository(ServiceProvider).update({ id: provider.provider!.id }, { retentionDays: null });
    for (const body of [{ retentionDays: 30 }, { retentionDays: 'many' }]) {
      expect((await new ApiClient(api.url).patch(path(), body)).status).toBe(401);
      for (const account of [
        await createAccount(t.dataSource, Role.Guest),
        await createAccount(t.dataSource, Role.Customer),
        provider,
      ]) {
        const res = await (await signedIn(api.url, account)).patch(path(), body);
        expect(res.status).toBe(403);
      }
    }
    expect(await stored()).toBeNull();
  });
});
