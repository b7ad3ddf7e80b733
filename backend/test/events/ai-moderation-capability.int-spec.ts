import { createAccount } from '@memory-wall/testkit/accounts';
import { signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** Hosts are told whether AI moderation can run here: it needs the OpenAI key the API and workers share. */
describe('whether AI moderation is available', () => {
  let t: TestEnvironment;
  let withoutKey: RunningProcess;
  let withKey: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    [withoutKey, withKey] = await Promise.all([
      startApi({ ...t.env, OPENAI_API_KEY: '' }),
      startApi({ ...t.env, OPENAI_API_KEY: 'sk-test' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([withoutKey?.stop(), withKey?.stop()]);
    await t?.cleanup();
  });

  it('says no without an OpenAI key and yes with one, to every kind of host', async () => {
    for (const role of ['customer', 'service_provider', 'owner'] as const) {
      const account = await createAccount(t.dataSource, role);
      const [hostWithout, hostWith] = await Promise.all([
        signedIn(withoutKey.url, account),
        signedIn(withKey.url, account),
      ]);
      expect((await hostWithout.get('/api/settings/moderation')).body).toEqual({ aiModeration: false });
      expect((await hostWith.get('/api/settings/moderation')).body).toEqual({ aiModeration: true });
    }
  });
});
