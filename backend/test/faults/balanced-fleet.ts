import { Memory } from '@memory-wall/core';
import { BalancedApis, startBalancedApis } from '@memory-wall/testkit/balanced-apis';
import type { Screen } from '@memory-wall/testkit/screen';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import type { FaultScenario } from './scenario';

/** A scenario's two API instances behind the load balancer, on a database of its own, and the screens it connects. */
export interface FleetUnderTest {
  t: TestEnvironment;
  /** The instances' environment: a restarted instance is started with it again. */
  env: Record<string, string>;
  fleet: BalancedApis;
  /** The scenario's screens: stopped after it. */
  screens: Screen[];
}

/**
 * Registers beforeAll/afterAll for a fault scenario over two balanced API instances: guests unthrottled and
 * the balancer's address not trusted as a proxy, plus `env`; after it, the scenario's report is saved and
 * everything stopped. The returned object is filled in before the tests run.
 */
export function useBalancedFleet(
  scenario: FaultScenario,
  env: Record<string, string>,
  workersEnv: Record<string, string>,
): FleetUnderTest {
  const stack = { screens: [] as Screen[] } as FleetUnderTest;
  beforeAll(async () => {
    stack.t = await createTestEnvironment();
    stack.env = { ...stack.t.env, SUBMISSIONS_PER_MINUTE: '100000', TRUST_PROXY: '0', ...env };
    stack.fleet = await startBalancedApis(stack.env, workersEnv);
  }, 120_000);
  afterAll(async () => {
    scenario.save();
    stack.screens.forEach((screen) => screen.stop());
    await stack.fleet?.stop();
    await stack.t?.cleanup();
  }, 60_000);
  return stack;
}

/** Waits until the workers have processed every memory of the event, so that the database says what is approved. */
export const everyMemoryProcessed = (t: TestEnvironment, eventId: string) =>
  waitFor(
    async () => (await t.dataSource.getRepository(Memory).countBy({ eventId, processingState: 'processing' })) === 0,
    60_000,
    'every memory to be processed',
  );
