import { act, renderHook, waitFor } from '@testing-library/react';
import { Language } from '@memory-wall/contracts';
import { setLanguage, useTranslation } from '.';
import { chooseLanguage, LANGUAGE_STORAGE_KEY, startLanguage, useEventLanguage } from './language';

const browserPrefers = (languages: string[]) => jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await act(() => setLanguage(Language.En));
});

/** The language the app speaks once `render` has had its effects and any catalogue has arrived. */
async function settles(expected: Language, render: () => void) {
  const { result } = renderHook(() => {
    render();
    return useTranslation().language;
  });
  await waitFor(() => expect(result.current).toBe(expected));
}

describe('which language the app speaks', () => {
  it("starts in the browser's first language it has texts for", async () => {
    browserPrefers(['it-IT', 'de-AT', 'en']);
    await act(async () => startLanguage());
    await settles(Language.De, () => void 0);
  });

  it('starts in English when the browser prefers none of its languages', async () => {
    browserPrefers(['it-IT', 'pt-BR']);
    await act(async () => startLanguage());
    await settles(Language.En, () => void 0);
  });

  it("prefers a choice made earlier on this browser to the browser's language", async () => {
    browserPrefers(['de-DE']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, Language.Es);
    await act(async () => startLanguage());
    await settles(Language.Es, () => void 0);
  });

  it("speaks the event's language on its pages when the visitor chose none", async () => {
    browserPrefers(['de-DE']);
    await settles(Language.Zh, () => useEventLanguage(Language.Zh));
  });

  it("keeps the visitor's choice on an event's pages, and remembers it", async () => {
    await act(async () => chooseLanguage(Language.Fr));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(Language.Fr);
    await settles(Language.Fr, () => useEventLanguage(Language.Zh));
  });

  it("always speaks the event's language on a venue screen", async () => {
    await act(async () => chooseLanguage(Language.Fr));
    await settles(Language.Zh, () => useEventLanguage(Language.Zh, { screen: true }));
  });
});
