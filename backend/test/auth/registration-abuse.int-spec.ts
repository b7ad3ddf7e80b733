import { AuthMessages, WELCOME_CREDITS } from '@memory-wall/contracts';
import { CreditTransaction, ServiceProvider, User } from '@memory-wall/core';
import { In } from 'typeorm';
import { ApiClient } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const REGISTRATIONS_PER_HOUR = 10;

/** Registration is throttled per client address, and welcome credits cannot be farmed with many accounts. */
describe('registration abuse', () => {
  let t: TestEnvironment;
  let api: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    // As behind the compose load balancer, so each test can speak from its own client address.
    api = await startApi({ ...t.env, TRUST_PROXY: '1', REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR) });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const registerProvider = (username: string, address: string) =>
    new ApiClient(api.url).post(
      '/api/auth/register',
      {
        username,
        email: `${username}@example.test`,
        password: 'farmpass123',
        passwordConfirm: 'farmpass123',
        role: 'service_provider',
        profileData: { companyName: `${username} Events`, serviceTypes: ['general'] },
      },
      { 'x-forwarded-for': address },
    );

  it('refuses a burst of registrations from one address past the limit, and gives welcome credits once', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `farm_${i}`);
    const answers = await Promise.all(names.map((name) => registerProvider(name, '203.0.113.9')));

    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status === 429);
    expect(created).toHaveLength(REGISTRATIONS_PER_HOUR);
    expect(refused).toHaveLength(names.length - REGISTRATIONS_PER_HOUR);
    expect(refused.every((res) => res.body.message === AuthMessages.tooManyRegistrations)).toBe(true);
    expect(await t.dataSource.getRepository(User).countBy({ username: In(names) })).toBe(REGISTRATIONS_PER_HOUR);

    // One of the new providers got the welcome credits, with their ledger row; the others start at 0.
    const providers = await t.dataSource
      .getRepository(ServiceProvider)
      .findBy({ userId: In(created.map((res) => res.body.user.id)) });
    expect(providers.map((p) => p.availableCredits).sort((x, y) => y - x)).toEqual([
      WELCOME_CREDITS,
      ...Array(REGISTRATIONS_PER_HOUR - 1).fill(0),
    ]);
    const grants = await t.dataSource
      .getRepository(CreditTransaction)
      .findBy({ serviceProviderId: In(providers.map((p) => p.id)) });
    expect(grants).toEqual([expect.objectContaining({ amount: WELCOME_CREDITS, transactionType: 'promotion' })]);

    // Past the limit the address learns nothing about which names exist.
    const probe = await registerProvider('farm_0', '203.0.113.9');
    expect(probe.status).toBe(429);
  });

  it('leaves other addresses their own registrations and welcome credits', async () => {
    const res = await registerProvider('honest_provider', '198.51.100.77');
    expect(res.status).toBe(201);
    expect(res.body.user.serviceProvider.availableCredits).toBe(WELCOME_CREDITS);
  });
});
