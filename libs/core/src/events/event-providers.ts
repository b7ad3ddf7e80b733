import type { Provider } from '@nestjs/common';
import { EventRepository } from './event.repository';
import { TypeOrmEventRepository } from './typeorm-event.repository';

/** Events read from PostgreSQL (the module imports TypeOrmModule.forFeature([Event])). */
export const EVENT_REPOSITORY_PROVIDER: Provider = { provide: EventRepository, useClass: TypeOrmEventRepository };
