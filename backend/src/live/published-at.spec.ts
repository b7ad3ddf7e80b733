import { publishedAt } from './published-at';

describe('publishedAt', () => {
  it('reads the ts that LivePublisher writes last, as published', () => {
    const body = JSON.stringify({
      type: 'memory_approved',
      memory: { id: 'm', content: '"ts":5}' },
      eventId: 'e',
      ts: 1764000000123,
    }).slice(1);
    expect(publishedAt(Buffer.from(`{"seq":7,${body}`))).toBe(1764000000123);
  });

  it('is NaN for a message that does not end with its ts', () => {
    expect(publishedAt(Buffer.from('{"seq":1,"type":"x","ts":12,"eventId":"e"}'))).toBeNaN();
    expect(publishedAt(Buffer.from('{"seq":1,"count":12}'))).toBeNaN();
    expect(publishedAt(Buffer.from('{"seq":1,"ts":"12"}'))).toBeNaN();
    expect(publishedAt(Buffer.from(''))).toBeNaN();
  });
});
