import { act, renderHook } from '@testing-library/react';
import { Language } from '@memory-wall/contracts';
import { setLanguage, texts, useTranslation } from '.';
import { addPageTexts } from './lazy';
import { memoryWallTexts } from './pages/memories';

addPageTexts('memoryWall', memoryWallTexts);

afterEach(async () => {
  await act(() => setLanguage(Language.En));
});

describe('useTranslation', () => {
  it('reads a dotted key and fills in {{name}} values', () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('common.submit')).toBe('Submit');
    expect(result.current.t('nav.loggedInAs', { username: 'ada' })).toBe('Logged in as ada');
  });

  it('picks the plural form from the count', () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('memoryWall.memoryCount', { count: 1 })).toBe('1 memory');
    expect(result.current.t('memoryWall.memoryCount', { count: 0 })).toBe('0 memories');
    expect(result.current.t('memoryWall.memoryCount', { count: 7 })).toBe('7 memories');
  });

  it('loads another language when it is chosen and re-renders in it, page texts included', async () => {
    const { result } = renderHook(() => useTranslation());
    await act(() => setLanguage(Language.Zh));
    expect(result.current.language).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(result.current.t('common.submit')).toBe('提交');
    expect(result.current.t('memoryWall.memoryCount', { count: 3 })).toBe('3 条回忆');
  });

  it('uses the plural forms of the language: French counts 0 as singular', async () => {
    const { result } = renderHook(() => useTranslation());
    await act(() => setLanguage(Language.Fr));
    expect(result.current.t('memoryWall.memoryCount', { count: 0 })).toBe('0 souvenir');
    expect(result.current.t('memoryWall.memoryCount', { count: 2 })).toBe('2 souvenirs');
  });

  it('keeps the language asked for last when an earlier catalogue arrives after it', async () => {
    const { result } = renderHook(() => useTranslation());
    await act(() => Promise.all([setLanguage(Language.De), setLanguage(Language.En)]));
    expect(result.current.language).toBe('en');
    expect(result.current.t('common.submit')).toBe('Submit');
  });

  it('shows a text a catalogue lacks in English', async () => {
    const { result } = renderHook(() => useTranslation());
    await act(() => setLanguage(Language.Es));
    const spanish = texts.table(Language.Es)!;
    const { cancel, ...withoutCancel } = spanish.common!;
    texts.set(Language.Es, { common: withoutCancel as typeof spanish.common });
    try {
      expect(result.current.t('common.submit')).toBe('Enviar');
      expect(result.current.t('common.cancel')).toBe('Cancel');
    } finally {
      texts.set(Language.Es, { common: { ...withoutCancel, cancel } as typeof spanish.common });
    }
  });
});
