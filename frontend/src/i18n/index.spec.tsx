import { act, renderHook } from '@testing-library/react';
import { Language } from '@memory-wall/contracts';
import { setLanguage, useTranslation } from '.';
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
});
