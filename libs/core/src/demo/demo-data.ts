import { DataSource, In } from 'typeorm';
import { Event } from '../database/entities/event.entity';
import { User } from '../database/entities/user.entity';

/**
 * The demo accounts `npm start` seeds and prints. Their passwords are published in this repository, so a
 * production deployment refuses to start while any of them exists (see production-checks.ts).
 */
export const DEMO_LOGINS = {
  owner: { username: 'owner', email: 'owner@memorywall.local', password: 'ownerpass1' },
  provider: { username: 'planner', email: 'planner@memorywall.local', password: 'plannerpass1' },
  customer: { username: 'couple', email: 'couple@memorywall.local', password: '123456' },
} as const;

export const DEMO_EVENT = { slug: 'anna-and-ben-wedding', code: 'WED24A', name: "Anna & Ben's Wedding" };

const DEMO_EMAILS = Object.values(DEMO_LOGINS).map((login) => login.email);
/** Usernames the demo seed gives its accounts ('owner' is also docker-compose's default owner: not refused as such). */
export const DEMO_USERNAMES = Object.values(DEMO_LOGINS).map((login) => login.username);

/** Whether the schema has its users table yet (before the first migration there are no accounts at all). */
export async function hasUsersTable(dataSource: DataSource): Promise<boolean> {
  const [{ table }] = await dataSource.query<{ table: string | null }[]>(
    `SELECT to_regclass('public.users') AS "table"`,
  );
  return table !== null;
}

/** The usernames of demo accounts present in this database (by their seed-only addresses). */
export async function demoAccountsPresent(dataSource: DataSource): Promise<string[]> {
  if (!(await hasUsersTable(dataSource))) return [];
  const users = await dataSource
    .getRepository(User)
    .find({ where: { email: In(DEMO_EMAILS) }, order: { username: 'ASC' } });
  return users.map((user) => user.username);
}

/** Deletes the demo event (with its memories and customer access) and the demo accounts. */
export async function removeDemoData(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (tx) => {
    await tx.delete(Event, { slug: DEMO_EVENT.slug });
    // The provider row and its ledger go with the account (ON DELETE CASCADE).
    await tx.delete(User, { email: In(DEMO_EMAILS) });
  });
}
