import { DataSource } from 'typeorm';
import type { ModerationType } from '@memory-wall/contracts';
import type { Event } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from './accounts';
import { createEvent } from './factories';
import { signedIn } from './http';

/**
 * A live event of a new provider with the moderation type given (and any other fields), and its customer
 * signed in to the API.
 */
export async function hostedEvent(
  dataSource: DataSource,
  apiUrl: string,
  moderationType: ModerationType,
  fields: Partial<Event> = {},
) {
  const provider = await createAccount(dataSource, 'service_provider');
  const customer = await createAccount(dataSource, 'customer');
  const event = await createEvent(dataSource, { ...fields, serviceProviderId: provider.provider!.id, moderationType });
  await makeEventAdmin(dataSource, customer.user.id, event.id);
  return { event, provider, customer, host: await signedIn(apiUrl, customer) };
}
