import { SessionUser } from '@memory-wall/contracts';
import { ServiceProvider, User } from '@memory-wall/core';

/** The user as the API shows it: never the password hash. */
export function toSessionUser(user: User, provider?: ServiceProvider | null): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    profileData: user.profileData ?? {},
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    ...(provider
      ? {
          serviceProvider: {
            id: provider.id,
            companyName: provider.companyName,
            serviceTypes: provider.serviceTypes,
            availableCredits: provider.availableCredits,
            totalCreditsUsed: provider.totalCreditsUsed,
            totalCreditsPurchased: provider.totalCreditsPurchased,
          },
        }
      : {}),
  };
}
