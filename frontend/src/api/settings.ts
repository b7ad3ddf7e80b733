import type { GlobalSettings, SettingsResponse } from '@memory-wall/contracts';
import { api } from './api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<GlobalSettings, void>({
      query: () => 'settings',
      transformResponse: (response: SettingsResponse) => response.settings,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
