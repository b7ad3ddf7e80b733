import { Language } from '@memory-wall/contracts';
import { formatters } from './format';

// Intl separates a number from its currency with a no-break space: compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatters', () => {
  const now = Date.parse('2027-06-12T12:00:00Z');

  it('write English as spec §9 says: Jun 12, 2027, $450, $123.45, 5 minutes ago', () => {
    const en = formatters(Language.En);
    expect(en.day('2027-06-12')).toBe('Jun 12, 2027');
    expect(en.day('2027-06-12T00:00:00.000Z')).toBe('Jun 12, 2027');
    expect(en.money(45000)).toBe('$450');
    expect(en.money(12345)).toBe('$123.45');
    expect(en.ago('2027-06-12T11:55:00Z', now)).toBe('5 minutes ago');
    expect(en.ago('2027-06-10T12:00:00Z', now)).toBe('2 days ago');
  });

  it.each([
    [Language.Zh, '2027年6月12日', 'US$450', '5分钟前'],
    [Language.Es, '12 jun 2027', '450 US$', 'hace 5 minutos'],
    [Language.Fr, '12 juin 2027', '450 $US', 'il y a 5 minutes'],
    [Language.De, '12. Juni 2027', '450 $', 'vor 5 Minuten'],
  ])('write %s dates, dollars and times ago in its own way', (language, day, money, ago) => {
    const format = formatters(language);
    expect(format.day('2027-06-12')).toBe(day);
    expect(plain(format.money(45000))).toBe(money);
    expect(format.ago('2027-06-12T11:55:00Z', now)).toBe(ago);
  });

  it('give nothing for a missing or unreadable date', () => {
    const en = formatters(Language.En);
    expect([en.date(null), en.date('not a date'), en.day(undefined), en.day('June')]).toEqual(['', '', '', '']);
  });
});
