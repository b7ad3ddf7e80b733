import { CreditMessages } from '@memory-wall/contracts';

/**
 * Texts of the Credits page (spec §2 Credits page, §8 payment toasts), and of the transaction badges the
 * owner's pages share with it; added when their chunk loads (see ../lazy.ts).
 */
const en = {
  title: 'Credits',
  intro: 'Buy credits and follow how you use them. One credit publishes one event.',
  sections: 'Credits sections',
  tabSummary: 'Account Summary',
  tabHistory: 'Transaction History',
  tabPurchase: 'Purchase Credits',
  available: 'Available Credits',
  total: 'Total Credits',
  used: 'Credits Used',
  howItWorks: 'How Credits Work',
  infoOneEvent: 'Each credit creates one event: publishing it or giving a customer access uses 1 credit.',
  infoNoExpiry: 'Credits never expire.',
  infoPacks: 'Larger credit packs give you better value per event.',
  noCreditsTitle: 'No credits left',
  noCreditsText: 'You have no credits available. Purchase credits to publish new events.',
  recent: 'Recent Transactions',
  viewAll: 'View All',
  noTransactions: CreditMessages.noTransactions as string,
  date: 'Date',
  type: 'Type',
  amount: 'Amount',
  description: 'Description',
  types: {
    purchase: 'Purchase',
    admin_adjustment: 'Admin Adjustment',
    event_creation: 'Event Creation',
    promotion: 'Promotion',
    refund: 'Refund',
  },
  loadFailed: 'Failed to load your credits',
  retry: 'Retry',
  choosePack: 'Choose a Credit Pack',
  choosePackIntro: 'Credits never expire. Pick the pack that suits the events you plan.',
  paymentsOff:
    'Card payments are not switched on for this platform yet, so credits cannot be bought here. Contact the team that runs the platform: they can add credits to your account.',
  perCredit: '{{price}} per credit',
  packCredits: '{{count}} credits',
  mostPopular: 'Most Popular',
  savings: 'Save {{percent}}%',
  choose: 'Choose {{name}}',
  orderReview: 'Order Review',
  package: 'Package',
  credits: 'Credits',
  pricePerCredit: 'Price per Credit',
  orderTotal: 'Total',
  proceed: 'Proceed to Payment',
  starting: 'Starting payment...',
  cancel: 'Cancel',
  payment: 'Payment',
  paymentIntro: 'Enter your payment details to buy the {{name}} pack ({{count}} credits).',
  pay: 'Pay {{amount}}',
  paying: 'Processing...',
  paymentFormLoading: 'Loading the payment form...',
  paymentFormFailed: 'The payment form could not be loaded. Please check your connection and try again.',
  paymentsNotConfigured: CreditMessages.paymentsNotConfigured as string,
  startFailed: CreditMessages.startPaymentFailed as string,
  paymentFailed: CreditMessages.paymentFailed as string,
  paymentErrorFallback: CreditMessages.paymentErrorFallback as string,
  paymentSuccessful: CreditMessages.paymentSuccessful as string,
  creditsAdded: CreditMessages.creditsAdded as string,
  awaitingCredits: 'Updating your balance...',
  creditsDelayed:
    'Your payment went through. The credits appear here as soon as the payment is confirmed; refresh this page in a moment.',
  dismiss: 'Dismiss',
};

export type CreditsTexts = typeof en;

export const creditsTexts = en;

declare module '../en' {
  interface LazyResources {
    credits: CreditsTexts;
  }
}
