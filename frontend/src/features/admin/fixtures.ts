import type { AdminCreditTransaction, AdminServiceProvider } from '@memory-wall/contracts';

let counter = 0;

/** A service provider as GET /api/admin/service-providers lists it. */
export function makeProvider(overrides: Partial<AdminServiceProvider> = {}): AdminServiceProvider {
  const n = ++counter;
  return {
    id: `6f1c1e8e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: `user-${n}`,
    companyName: `Company ${n}`,
    serviceTypes: ['wedding'],
    verified: false,
    availableCredits: 10,
    totalCreditsUsed: 0,
    totalCreditsPurchased: 0,
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-06-20T12:00:00.000Z',
    userData: { email: `provider${n}@example.com`, username: `provider${n}`, profileData: {} },
    userName: `provider${n}`,
    activeEventsCount: 0,
    totalEventsCount: 0,
    totalContributionsCount: 0,
    retentionDays: null,
    defaultRetentionDays: 90,
    ...overrides,
  };
}

/** A ledger row as GET /api/admin/credit-transactions lists it. */
export function makeAdminTransaction(overrides: Partial<AdminCreditTransaction> = {}): AdminCreditTransaction {
  const n = ++counter;
  return {
    id: `tx-${n}`,
    amount: 10,
    transactionType: 'promotion',
    description: 'Welcome credits',
    stripePaymentIntentId: null,
    metadata: {},
    createdAt: '2025-06-01T12:00:00.000Z',
    serviceProviderId: 'sp',
    serviceProviderName: 'Company',
    userId: null,
    userName: null,
    ...overrides,
  };
}
