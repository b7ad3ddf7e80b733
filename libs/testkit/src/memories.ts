import { DataSource } from 'typeorm';
import { Memory } from '@memory-wall/core';
import { waitFor } from './wait';

/** Waits until the workers have finished a memory (ready or failed) and returns it. */
export async function processed(dataSource: DataSource, memoryId: string, timeoutMs = 20_000): Promise<Memory> {
  const repo = dataSource.getRepository(Memory);
  await waitFor(
    async () => (await repo.findOneByOrFail({ id: memoryId })).processingState !== 'processing',
    timeoutMs,
    `memory ${memoryId} processed`,
  );
  return repo.findOneByOrFail({ id: memoryId });
}
