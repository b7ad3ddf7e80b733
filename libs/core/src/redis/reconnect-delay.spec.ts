import { reconnectDelay } from './redis.module';

describe('reconnectDelay', () => {
  it('tries Redis again at most 2 s apart however long it has been away (BullMQ alone waits up to 20 s)', () => {
    expect([1, 10, 40, 41, 1000].map(reconnectDelay)).toEqual([50, 500, 2000, 2000, 2000]);
  });
});
