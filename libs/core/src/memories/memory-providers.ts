import type { Provider } from '@nestjs/common';
import { MemoryLifecycle } from './memory-lifecycle';
import { MemoryRepository } from './memory.repository';
import { TypeOrmMemoryRepository } from './typeorm-memory.repository';

/** What a module that reads or changes memories provides (it imports TypeOrmModule.forFeature([Memory]) too). */
export const MEMORY_PROVIDERS: Provider[] = [{ provide: MemoryRepository, useClass: TypeOrmMemoryRepository }, MemoryLifecycle];
