import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { Role, WELCOME_CREDITS } from '@memory-wall/contracts';
import { CreditLedger, EventAdmin, ServiceProvider, User } from '@memory-wall/core';

let counter = 0;
const hashes = new Map<string, Promise<string>>();
/**
 * Test accounts are hashed with argon2id's cheapest parameters: the server's verifier reads the parameters
 * from the hash, and with production's (64 MiB, 3 passes) each sign-in of a test costs about 130 ms of CPU.
 * Accounts the server makes itself still get production's (accounts.int-spec checks them).
 */
const TEST_HASH = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
/** Tests reuse one hash per password. */
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, argon2.hash(password, TEST_HASH));
  return hashes.get(password)!;
};

export const PASSWORDS: Record<Role, string> = {
  owner: 'ownerpass1',
  service_provider: 'providerpass1',
  customer: '135790',
  guest: 'guestpass',
};

export interface TestAccount {
  user: User;
  username: string;
  password: string;
  provider?: ServiceProvider;
}

/** A user straight in the database (a provider with its provider row, 10 credits and their ledger row). */
export async function createAccount(
  dataSource: DataSource,
  role: Role,
  overrides: Partial<User> = {},
): Promise<TestAccount> {
  const n = ++counter;
  const username = overrides.username ?? `${role.replace('_', '')}${n}${Date.now().toString(36)}`;
  const password = PASSWORDS[role];
  const user = await dataSource.getRepository(User).save(
    dataSource.getRepository(User).create({
      username,
      email: `${username}@example.test`,
      password: await hashOf(password),
      role,
      profileData: { fullName: `Test ${role} ${n}` },
      ...overrides,
    }),
  );
  const provider =
    role === Role.ServiceProvider
      ? await dataSource
          .getRepository(ServiceProvider)
          .save({ userId: user.id, companyName: `Company ${n}`, serviceTypes: ['wedding'] })
      : undefined;
  if (provider) {
    // As registration does: the starting credits go through the ledger, which writes balance and row together.
    await dataSource.transaction((tx) =>
      new CreditLedger().grantWelcome(tx, {
        serviceProviderId: provider.id,
        userId: user.id,
        credits: WELCOME_CREDITS,
      }),
    );
  }
  return { user, username, password, provider };
}

export async function makeEventAdmin(dataSource: DataSource, userId: string, eventId: string) {
  await dataSource.getRepository(EventAdmin).save({ userId, eventId });
}
