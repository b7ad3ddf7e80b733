import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import {
  ALL_PERMISSIONS,
  AuthMessages,
  CustomerPermissions,
  DomainErrorCode,
  Messages,
  Role,
} from '@memory-wall/contracts';
import {
  DomainError,
  Event,
  EventAdmin,
  EventAdminPermissions,
  EventRepository,
  isDomainError,
} from '@memory-wall/core';
import type { Session } from '../auth/session.store';

/**
 * Who may manage an event: the owner any; a service provider its own; a customer one where it is an
 * event admin (with the permissions asked for). Anyone else gets 404, so ids of others' events reveal
 * nothing.
 */
@Injectable()
export class EventAccess {
  constructor(
    private readonly events: EventRepository,
    @InjectRepository(EventAdmin) private readonly admins: Repository<EventAdmin>,
  ) {}

  async manageable(session: Session, eventId: string, needs: Array<keyof EventAdminPermissions> = []): Promise<Event> {
    const event = await this.events.findById(eventId);
    if (!event) throw new DomainError(DomainErrorCode.NotFound, Messages.eventNotFound);
    switch (session.role) {
      case Role.Owner:
        return event;
      case Role.ServiceProvider:
        if (event.serviceProviderId && event.serviceProviderId === session.serviceProviderId) return event;
        break;
      case Role.Customer: {
        const admin = await this.admins.findOneBy({ eventId, userId: session.userId });
        if (!admin) break;
        if (needs.some((p) => !admin.permissions[p]))
          throw new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied);
        return event;
      }
    }
    throw new DomainError(DomainErrorCode.NotFound, Messages.eventNotFound);
  }

  /**
   * Whether the caller may manage the event (with those permissions). Only a refusal is an answer: any other
   * failure (the database away) is thrown, lest a host be taken for a guest.
   */
  canManage(
    session: Session | null | undefined,
    eventId: string,
    needs: Array<keyof EventAdminPermissions> = [],
  ): Promise<boolean> {
    if (!session) return Promise.resolve(false);
    return this.manageable(session, eventId, needs).then(
      () => true,
      (err: unknown) => {
        if (isAccessRefusal(err)) return false;
        throw err;
      },
    );
  }

  /**
   * Whether the caller may see and decide what is not on the public wall (pending, held, flagged
   * memories and their images, the hosts' live feed): every route that reveals those asks this.
   */
  canModerate(session: Session | null | undefined, eventId: string): Promise<boolean> {
    return this.canManage(session, eventId, ['canModerate']);
  }

  /** What the caller may do with each of these events (which it manages): a customer's own permissions. */
  async permissionsIn(session: Session, eventIds: string[]): Promise<Map<string, CustomerPermissions>> {
    if (session.role !== Role.Customer || !eventIds.length) return new Map(eventIds.map((id) => [id, ALL_PERMISSIONS]));
    const admins = await this.admins.findBy({ userId: session.userId, eventId: In(eventIds) });
    return new Map(admins.map((admin) => [admin.eventId, admin.permissions]));
  }

  /** The events a caller may manage, newest first. */
  listManageable(session: Session): Promise<Event[]> {
    switch (session.role) {
      case Role.Owner:
        return this.events.listAll();
      case Role.ServiceProvider:
        return session.serviceProviderId ? this.events.listOfProvider(session.serviceProviderId) : Promise.resolve([]);
      case Role.Customer:
        return this.events.listAdministeredBy(session.userId);
    }
    throw new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied);
  }
}

/** The answers `manageable` gives a caller without access, as opposed to a failure to decide. */
export function isAccessRefusal(err: unknown): err is DomainError {
  return isDomainError(err, DomainErrorCode.NotFound, DomainErrorCode.Forbidden);
}
