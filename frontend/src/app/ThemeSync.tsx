import { useEffect, useLayoutEffect } from 'react';
import { useGetSettingsQuery } from '../api/settings';
import { applyTheme, readStoredTheme, storeTheme, toUiTheme } from './theme';

/** Applies the last known theme at once, then the server's theme from GET /api/settings (spec §4 Theme). */
export function ThemeSync() {
  const { data: settings } = useGetSettingsQuery();

  useLayoutEffect(() => {
    applyTheme(readStoredTheme());
  }, []);

  useEffect(() => {
    if (!settings) return;
    const theme = toUiTheme(settings.theme);
    applyTheme(theme);
    storeTheme(theme);
  }, [settings]);

  return null;
}
