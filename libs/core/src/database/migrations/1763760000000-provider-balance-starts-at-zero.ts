import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A provider's balance is a cache of its ledger rows, written only by the credit ledger. The old default of
 * 10 gave a provider created any other way credits that no ledger row explains.
 */
export class ProviderBalanceStartsAtZero1763760000000 implements MigrationInterface {
  name = 'ProviderBalanceStartsAtZero1763760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "service_providers" ALTER COLUMN "availableCredits" SET DEFAULT '0'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "service_providers" ALTER COLUMN "availableCredits" SET DEFAULT '10'`);
  }
}
