import { CreditMessages } from '@memory-wall/contracts';

/** Texts of the owner's Billing page (spec §2 Billing, §5 Credit adjustment), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Billing',
  intro: 'Credit purchases, revenue and every credit movement of the service providers.',
  paymentsOffTitle: 'Payments are off',
  paymentsOffText:
    'Providers cannot buy credits: this server has no Stripe keys. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET in its environment and restart it (docs/operations.md, Payments). Until then, give a provider credits under Adjust Credits.',
  totalCredits: 'Total Credits',
  totalCreditsHint: 'Credits purchased with packs',
  totalRevenue: 'Total Revenue',
  totalRevenueHint: 'Amounts paid for credit packs',
  activeProviders: 'Active Service Providers',
  activeProvidersHint: 'With a live event, of {{total}}',
  search: 'Search',
  searchPlaceholder: 'Search providers or transactions',
  sections: 'Billing sections',
  tabTransactions: 'Transaction History',
  tabProviders: 'Service Providers',
  tabAdjust: 'Adjust Credits',
  date: 'Date',
  provider: 'Provider',
  type: 'Type',
  amount: 'Amount',
  description: 'Description',
  noTransactions: CreditMessages.noTransactions as string,
  noTransactionsMatch: CreditMessages.noTransactionsMatch as string,
  company: 'Company',
  account: 'Account',
  available: 'Available Credits',
  purchased: 'Total Purchased',
  used: 'Total Used',
  viewDetails: 'View Details',
  noProviders: CreditMessages.noProviders as string,
  noProvidersMatch: 'No service providers match your search',
  adjustIntro:
    'Add credits to a service provider, or remove them with a negative amount. Each adjustment is recorded with its reason.',
  providerLabel: 'Service Provider',
  chooseProvider: 'Select a service provider',
  providerOption_one: '{{name}} ({{username}}): {{count}} credit',
  providerOption_other: '{{name}} ({{username}}): {{count}} credits',
  amountLabel: 'Credit Amount',
  amountHint: 'A positive amount adds credits, a negative amount removes them.',
  increase: 'Increase amount',
  decrease: 'Decrease amount',
  reasonLabel: 'Reason',
  submit: 'Adjust Credits',
  submitting: 'Adjusting...',
  providerRequired: CreditMessages.providerRequired as string,
  amountRequired: CreditMessages.amountRequired as string,
  reasonRequired: CreditMessages.reasonRequired as string,
  adjusted: CreditMessages.creditsAdjusted as string,
  adjustedText_one: '{{name}} now has {{count}} credit available.',
  adjustedText_other: '{{name}} now has {{count}} credits available.',
  adjustFailed: CreditMessages.adjustFailed as string,
  loadFailed: 'Failed to load billing data',
  loadTransactionsFailed: 'Failed to load transactions',
  retry: 'Retry',
};

export type BillingTexts = typeof en;

export const billingTexts = en;

declare module '../en' {
  interface LazyResources {
    billing: BillingTexts;
  }
}
