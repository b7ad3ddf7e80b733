import { useEffect } from 'react';
import { LANGUAGES, Language } from '@memory-wall/contracts';
import { setLanguage } from '.';

/** Where a visitor's own choice of language is kept on this browser. */
export const LANGUAGE_STORAGE_KEY = 'memory-wall-language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language this visitor chose with a switcher, if any. */
export function chosenLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // Storage refused (private mode, blocked cookies): nothing was chosen.
  }
}

/** The first of the browser's preferred languages that the app has texts for ('zh-CN' counts as zh). */
export function browserLanguage(): Language | undefined {
  return navigator.languages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLanguage);
}

/** A visitor picks a language: it applies at once, everywhere but venue screens, and on later visits. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but still applied to this visit.
  }
  void setLanguage(language);
}

/**
 * An event's page speaks the event's language, unless the visitor chose one. A venue screen (`screen`)
 * always speaks the event's language: it is shown to the room, not to the person who set it up.
 */
export function useEventLanguage(eventLanguage: Language | undefined, { screen = false } = {}): void {
  useEffect(() => {
    if (!eventLanguage) return;
    void setLanguage((!screen && chosenLanguage()) || eventLanguage);
  }, [eventLanguage, screen]);
}

/** At start: the visitor's choice, else the browser's language, else English (until an event says otherwise). */
export function startLanguage(): void {
  const language = chosenLanguage() ?? browserLanguage() ?? Language.En;
  if (language !== Language.En) void setLanguage(language);
}
