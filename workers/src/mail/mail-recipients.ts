import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Language, Role } from '@memory-wall/contracts';
import { Event, EventAdmin, EventRepository, ServiceProvider, User } from '@memory-wall/core';
import { mailLanguage } from './texts';

/** Someone a mail goes to, with what the mail says to them. */
export interface Recipient {
  userId: string;
  email: string;
  username: string;
  /** How the mail greets them: their full name, else their username. */
  name: string;
  language: Language;
}

export const toRecipient = (user: User, fallbackLanguage?: string | null): Recipient => ({
  userId: user.id,
  email: user.email,
  username: user.username,
  name: user.profileData?.fullName || user.username,
  language: mailLanguage(user.language ?? fallbackLanguage),
});

/**
 * Who mail is for. Every account has an email (the column is required, a customer's too: the provider
 * gives it when creating the login), so nobody is left out for want of one.
 */
@Injectable()
export class MailRecipients {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventRepository,
  ) {}

  async user(userId: string): Promise<Recipient | null> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    return user ? toRecipient(user) : null;
  }

  /** The account of a service provider. */
  async provider(serviceProviderId: string): Promise<Recipient | null> {
    const provider = await this.dataSource.getRepository(ServiceProvider).findOneBy({ id: serviceProviderId });
    return provider ? this.user(provider.userId) : null;
  }

  /**
   * An event and its hosts: its provider's account and its customers, or, for an event of the owner's own
   * (no provider), the owners. Each in their language, else the event's.
   */
  async hostsOf(eventId: string): Promise<{ event: Event; hosts: Recipient[] } | null> {
    const event = await this.events.findById(eventId);
    if (!event) return null;
    const users = this.dataSource.getRepository(User);
    const customers = await this.dataSource
      .getRepository(EventAdmin)
      .find({ where: { eventId }, select: { userId: true } });
    const hosts: User[] = [];
    if (event.serviceProviderId) {
      const provider = await this.dataSource.getRepository(ServiceProvider).findOneBy({ id: event.serviceProviderId });
      const account = provider && (await users.findOneBy({ id: provider.userId }));
      if (account) hosts.push(account);
    } else hosts.push(...(await users.findBy({ role: Role.Owner })));
    for (const { userId } of customers) {
      const customer = await users.findOneBy({ id: userId });
      if (customer && !hosts.some((h) => h.id === customer.id)) hosts.push(customer);
    }
    return { event, hosts: hosts.map((user) => toRecipient(user, event.defaultLanguage)) };
  }
}
