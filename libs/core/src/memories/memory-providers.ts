import type { Provider } from '@nestjs/common';
import { MemoryLifecycle } from './memory-lifecycle';
import { MemoryRepository } from './memory.repository';
import { TypeOrmMemoryRepository } from './typeorm-memory.repository';
import { EVENT_REPOSITORY_PROVIDER } from '../events/event-providers';
import { ScreenGate, StoredScreenGate } from '../screens/screen-gate';

/** Memories read from PostgreSQL (the module imports TypeOrmModule.forFeature([Memory])). */
export const MEMORY_REPOSITORY_PROVIDER: Provider = { provide: MemoryRepository, useClass: TypeOrmMemoryRepository };

/**
 * What a module that changes memories provides (it provides LivePublisher and MemoryQueue too, and imports
 * TypeOrmModule.forFeature([Memory, Event])).
 */
export const MEMORY_PROVIDERS: Provider[] = [
  MEMORY_REPOSITORY_PROVIDER,
  EVENT_REPOSITORY_PROVIDER,
  MemoryLifecycle,
  { provide: ScreenGate, useClass: StoredScreenGate },
];
