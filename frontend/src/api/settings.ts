import type { GlobalSettings, ModerationCapabilities, SettingsResponse } from '@memory-wall/contracts';
import { api } from './api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<GlobalSettings, void>({
      query: () => 'settings',
      transformResponse: (response: SettingsResponse) => response.settings,
      providesTags: ['Settings'],
    }),
    /** Whether AI moderation can run here (hosts only); the server's configuration, so asked once per visit. */
    getModerationCapabilities: build.query<ModerationCapabilities, void>({
      query: () => 'settings/moderation',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetSettingsQuery, useGetModerationCapabilitiesQuery } = settingsApi;
