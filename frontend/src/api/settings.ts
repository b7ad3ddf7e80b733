import type { GlobalSettings } from '@memory-wall/contracts';
import { api } from './api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<GlobalSettings, void>({
      query: () => 'settings',
      transformResponse: (response: { settings: GlobalSettings }) => response.settings,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
