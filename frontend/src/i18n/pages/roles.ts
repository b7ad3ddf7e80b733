/** The names of the account roles, on the sign-up form and the profile (added by their chunks, see ../lazy.ts). */
const en = {
  owner: 'Owner',
  service_provider: 'Service Provider',
  customer: 'Event Organizer',
  guest: 'Guest',
};

export type RolesTexts = typeof en;

export const rolesTexts = en;
