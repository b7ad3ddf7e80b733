import { DataSource } from 'typeorm';
import type { ModerationType } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from './accounts';
import { createEvent } from './factories';
import { signedIn } from './http';

/** A live event of a new provider with the moderation type given, and its customer signed in to the API. */
export async function hostedEvent(dataSource: DataSource, apiUrl: string, moderationType: ModerationType) {
  const provider = await createAccount(dataSource, 'service_provider');
  const customer = await createAccount(dataSource, 'customer');
  const event = await createEvent(dataSource, { serviceProviderId: provider.provider!.id, moderationType });
  await makeEventAdmin(dataSource, customer.user.id, event.id);
  return { event, provider, customer, host: await signedIn(apiUrl, customer) };
}
