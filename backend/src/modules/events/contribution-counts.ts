import type { EntityManager } from 'typeorm';
import { Memory } from '@memory-wall/core';

/** Each event's number of memories, whatever their state, in one grouped query. */
export async function contributionCounts(manager: EntityManager, eventIds: string[]): Promise<Map<string, number>> {
  if (!eventIds.length) return new Map();
  const rows: Array<{ eventId: string; count: string }> = await manager
    .getRepository(Memory)
    .createQueryBuilder('memory')
    .select('memory.eventId', 'eventId')
    .addSelect('COUNT(*)', 'count')
    .where('memory.eventId IN (:...eventIds)', { eventIds })
    .groupBy('memory.eventId')
    .getRawMany();
  return new Map(rows.map((r) => [r.eventId, Number(r.count)]));
}
