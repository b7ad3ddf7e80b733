import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager, Repository } from 'typeorm';
import {
  CustomerCreated,
  DEFAULT_CUSTOMER_PERMISSIONS,
  EventCustomer,
  EventMessages,
  EventStatus,
  PIN_RANGE,
  Role,
  DomainErrorCode,
} from '@memory-wall/contracts';
import { DomainError, Event, EventAdmin, EventRepository, User, hashPassword } from '@memory-wall/core';
import { validationError } from '../../common/api-errors';
import type { Session } from '../auth/session.store';
import { UsersService } from '../users/users.service';
import { CreateEventDto } from './dto/create-event.dto';
import { CustomerAccessDto } from './dto/customer-access.dto';
import { CustomerPermissionsDto } from './dto/customer-permissions.dto';
import { EventAccess } from './event-access';
import { EventTransitions } from './event-transitions';

const toEventCustomer = (user: User, admin: Pick<EventAdmin, 'permissions'>): EventCustomer => ({
  id: user.id,
  fullName: user.profileData?.fullName ?? user.profileData?.customerName ?? '',
  username: user.username,
  email: user.email,
  permissions: admin.permissions,
});

/** A customer login for an event: an event admin, and the event published and charged if it was a draft. */
@Injectable()
export class CustomerAccessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(EventAdmin) private readonly admins: Repository<EventAdmin>,
    private readonly events: EventRepository,
    private readonly access: EventAccess,
    private readonly users: UsersService,
    private readonly transitions: EventTransitions,
  ) {}

  /** Adds a customer login to an event the caller manages (publishing and charging a draft), atomically. */
  async addToEvent(session: Session, eventId: string, dto: CustomerAccessDto): Promise<CustomerCreated> {
    await this.access.manageable(session, eventId);
    return this.dataSource.transaction(async (tx) => {
      const event = await this.events.within(tx).lock(eventId);
      return this.addCustomer(tx, event, dto, session.userId);
    });
  }

  /** Runs inside the caller's transaction, with the event row locked. */
  async addCustomer(
    tx: EntityManager,
    event: Event,
    dto: CustomerAccessDto,
    actingUserId: string,
  ): Promise<CustomerCreated> {
    await this.users.assertAvailable(dto.customerUsername, dto.customerEmail, {
      username: 'customerUsername',
      email: 'customerEmail',
    });
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
    const admin = await tx.save(
      tx.create(EventAdmin, { eventId: event.id, userId: user.id, permissions: { ...DEFAULT_CUSTOMER_PERMISSIONS } }),
    );
    if (event.status === EventStatus.Draft) await this.transitions.publish(tx, event, actingUserId);
    return { customer: toEventCustomer(user, admin), password };
  }

  /** The customer logins of an event the caller manages. */
  async listOf(session: Session, eventId: string): Promise<EventCustomer[]> {
    await this.access.manageable(session, eventId);
    const admins = await this.admins.find({
      where: { eventId },
      relations: { user: true },
      order: { createdAt: 'ASC' },
    });
    return admins.map((a) => toEventCustomer(a.user!, a));
  }

  /** Changes what a customer of an event the caller manages may do; takes effect on their next request. */
  async setPermissions(
    session: Session,
    eventId: string,
    userId: string,
    dto: CustomerPermissionsDto,
  ): Promise<EventCustomer> {
    await this.access.manageable(session, eventId);
    const admin = await this.admins.findOne({ where: { eventId, userId }, relations: { user: true } });
    if (!admin) throw new DomainError(DomainErrorCode.NotFound, EventMessages.customerNotFound);
    const { canModerate, canEditTheme, canEditDetails } = dto;
    const changes = Object.fromEntries(
      Object.entries({ canModerate, canEditTheme, canEditDetails }).filter(([, value]) => value !== undefined),
    );
    // Merged in the one statement, so two switches flipped at the same instant both hold.
    const [rows] = await this.admins.query<[Array<Pick<EventAdmin, 'permissions'>>, number]>(
      `UPDATE "event_admins" SET "permissions" = "permissions" || $1::jsonb WHERE "id" = $2 RETURNING "permissions"`,
      [JSON.stringify(changes), admin.id],
    );
    return toEventCustomer(admin.user!, rows[0]);
  }
}

/** The customer login a new event's form asks for, validated; null when the form leaves it all empty. */
export async function customerAccessOf(dto: CreateEventDto): Promise<CustomerAccessDto | null> {
  const given = [dto.customerName, dto.customerEmail, dto.customerUsername, dto.customerPassword].some(
    (v) => v !== undefined && v !== '',
  );
  if (!given) return null;
  const access = plainToInstance(CustomerAccessDto, {
    customerName: dto.customerName,
    customerEmail: dto.customerEmail,
    customerUsername: dto.customerUsername,
    customerPassword: dto.customerPassword || undefined,
  });
  const errors = await validate(access);
  if (errors.length) throw validationError(errors);
  return access;
}
