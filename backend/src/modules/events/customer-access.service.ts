import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { EntityManager, Repository } from 'typeorm';
import { EventCustomer, EventStatus, PIN_RANGE, Role } from '@memory-wall/contracts';
import { Event, EventAdmin, User } from '@memory-wall/core';
import { hashPassword } from '../auth/passwords';
import { CreditLedger } from '../credits/credit-ledger';
import { UsersService } from '../users/users.service';
import { CustomerAccessDto } from './dto/customer-access.dto';

export interface CustomerCreated {
  customer: EventCustomer;
  /** The PIN to hand to the customer (generated when none was given); shown once. */
  password: string;
}

const toEventCustomer = (user: User): EventCustomer => ({
  id: user.id,
  fullName: user.profileData?.fullName ?? user.profileData?.customerName ?? '',
  username: user.username,
  email: user.email,
});

/** A customer login for an event: an event admin, and the event published and charged if it was a draft. */
@Injectable()
export class CustomerAccessService {
  constructor(
    @InjectRepository(EventAdmin) private readonly admins: Repository<EventAdmin>,
    private readonly users: UsersService,
    private readonly ledger: CreditLedger,
  ) {}

  /** Runs inside the caller's transaction, with the event row locked. */
  async addCustomer(tx: EntityManager, event: Event, dto: CustomerAccessDto, actingUserId: string): Promise<CustomerCreated> {
    await this.users.assertAvailable(dto.customerUsername, dto.customerEmail, { username: 'customerUsername', email: 'customerEmail' });
    const password = dto.customerPassword ?? String(randomInt(PIN_RANGE.min, PIN_RANGE.max + 1));
    const user = await tx.save(
      tx.create(User, {
        username: dto.customerUsername,
        email: dto.customerEmail,
        password: await hashPassword(password),
        role: Role.Customer,
        profileData: { fullName: dto.customerName, customerName: dto.customerName },
      }),
    );
    await tx.save(tx.create(EventAdmin, { eventId: event.id, userId: user.id }));
    if (event.status === EventStatus.Draft) await this.publishLocked(tx, event, actingUserId);
    return { customer: toEventCustomer(user), password };
  }

  /** Draft to live, charging the event's credit once. The caller holds the event row locked. */
  async publishLocked(tx: EntityManager, event: Event, actingUserId: string) {
    await this.ledger.chargeForEvent(tx, event, actingUserId);
    event.status = EventStatus.Live;
    event.isPublished = true;
    await tx.update(Event, { id: event.id }, { status: EventStatus.Live, isPublished: true });
  }

  async list(eventId: string): Promise<EventCustomer[]> {
    const admins = await this.admins.find({ where: { eventId }, relations: { user: true }, order: { createdAt: 'ASC' } });
    return admins.map((a) => toEventCustomer(a.user!));
  }
}
