import { Role } from '@memory-wall/contracts';
import { ServiceProvider } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * The migrations and the entities describe the same schema: after the migrations, TypeORM's schema builder
 * (what `synchronize` would do) has nothing left to change. A column added to an entity without a migration,
 * or a migration the entities do not know of, shows here as the SQL that would reconcile them.
 */
describe('schema drift', () => {
  let t: TestEnvironment;

  beforeAll(async () => {
    t = await createTestEnvironment();
  });

  afterAll(() => t?.cleanup());

  it('leaves the schema builder nothing to do after the migrations', async () => {
    const pending = await t.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("starts a provider's balance at 0: only the credit ledger gives credits, with a row that explains them", async () => {
    const { user } = await createAccount(t.dataSource, Role.Customer);
    const provider = await t.dataSource
      .getRepository(ServiceProvider)
      .save({ userId: user.id, companyName: 'Zero', serviceTypes: [] });
    const [stored] = await t.dataSource.query(`SELECT "availableCredits" FROM service_providers WHERE id = $1`, [
      provider.id,
    ]);
    expect(stored.availableCredits).toBe(0);
  });
});
