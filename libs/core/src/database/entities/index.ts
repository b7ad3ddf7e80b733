import { CreditTransaction } from './credit-transaction.entity';
import { DomainEventHandling, DomainEventRecord } from './domain-event.entity';
import { EventAdmin } from './event-admin.entity';
import { Event } from './event.entity';
import { Keepsake } from './keepsake.entity';
import { Memory } from './memory.entity';
import { OutboxMail } from './outbox-mail.entity';
import { PasswordReset } from './password-reset.entity';
import { ServiceProvider } from './service-provider.entity';
import { Setting } from './setting.entity';
import { User } from './user.entity';

export * from './credit-transaction.entity';
export * from './domain-event.entity';
export * from './event-admin.entity';
export * from './event.entity';
export * from './keepsake.entity';
export * from './memory.entity';
export * from './outbox-mail.entity';
export * from './password-reset.entity';
export * from './service-provider.entity';
export * from './setting.entity';
export * from './user.entity';

export const ENTITIES = [
  User,
  ServiceProvider,
  CreditTransaction,
  Event,
  EventAdmin,
  Memory,
  Setting,
  Keepsake,
  DomainEventRecord,
  DomainEventHandling,
  PasswordReset,
  OutboxMail,
];
