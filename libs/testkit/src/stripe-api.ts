import { FakeStripe } from './fake-stripe';
import { RunningProcess, startApi } from './processes';
import { createTestEnvironment, TestEnvironment } from './test-environment';

export interface StripeApi {
  t: TestEnvironment;
  stripe: FakeStripe;
  api: RunningProcess;
}

/**
 * Registers beforeAll/afterAll for a test file that needs an API with payments configured against the
 * local fake Stripe; the returned object is filled in before the tests run.
 */
export function useApiWithFakeStripe(env: Record<string, string> = {}): StripeApi {
  const context = {} as StripeApi;
  beforeAll(async () => {
    context.t = await createTestEnvironment();
    context.stripe = await FakeStripe.start();
    context.api = await startApi({ ...context.t.env, ...context.stripe.env, ...env });
  });
  afterAll(async () => {
    await context.api?.stop();
    await context.stripe?.stop();
    await context.t?.cleanup();
  });
  return context;
}
