import { ConnectionLost, isRetryable, retryDelay, SUBMISSION_RETRY, withRetries } from './submissionRetry';

describe('submission retry policy', () => {
  afterEach(() => jest.useRealTimers());

  it('backs off exponentially, capped, with a random half waived', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelay(retry, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelay(4, () => 0)).toBe(4_000);
    expect(retryDelay(12, () => 1)).toBe(SUBMISSION_RETRY.maxDelayMs);
    expect(retryDelay(12, () => 0)).toBe(SUBMISSION_RETRY.maxDelayMs / 2);
  });

  it.each([
    ['a lost connection', new ConnectionLost(), true],
    ['a fetch network error', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, true],
    ['a fetch timeout', { status: 'TIMEOUT_ERROR', error: 'AbortError' }, true],
    ['a 503', { status: 503, data: {} }, true],
    ['a 400', { status: 400, data: { message: 'Name is required' } }, false],
    ['a 409', { status: 409, data: {} }, false],
    ['a 413', { status: 413, data: {} }, false],
  ])('%s is retried: %s', (_what, error, retried) => {
    expect(isRetryable(error)).toBe(retried);
  });

  it('sends again after the backoff until it succeeds', async () => {
    jest.useFakeTimers();
    const send = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new ConnectionLost())
      .mockRejectedValueOnce({ status: 502 })
      .mockResolvedValue('stored');
    const retries: number[] = [];
    const result = withRetries(send, (retry) => retries.push(retry));

    await jest.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(retryDelay(1, () => 1));
    expect(send).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(retryDelay(2, () => 1));
    await expect(result).resolves.toBe('stored');
    expect(send).toHaveBeenCalledTimes(3);
    expect(retries).toEqual([1, 2]);
  });

  it('sends again at once when the browser comes back online', async () => {
    jest.useFakeTimers();
    const send = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new ConnectionLost()).mockResolvedValue('stored');
    const result = withRetries(send);
    await jest.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toBe('stored');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not send again after a 4xx', async () => {
    jest.useFakeTimers();
    const refusal = { status: 400, data: { message: 'Name is required' } };
    const send = jest.fn<Promise<string>, []>().mockRejectedValue(refusal);
    await expect(withRetries(send)).rejects.toBe(refusal);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives up after its retries, with the last error', async () => {
    jest.useFakeTimers();
    const send = jest.fn<Promise<string>, []>().mockRejectedValue(new ConnectionLost());
    const result = withRetries(send);
    const settled = expect(result).rejects.toBeInstanceOf(ConnectionLost);
    await jest.advanceTimersByTimeAsync(SUBMISSION_RETRY.retries * SUBMISSION_RETRY.maxDelayMs);
    await settled;
    expect(send).toHaveBeenCalledTimes(SUBMISSION_RETRY.retries + 1);
  });
});
