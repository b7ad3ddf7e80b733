import type { UserProfile } from './auth';
import type { HostEvent } from './events';
import { CREDIT_PACKS, CreditPack } from './credits';
import type { TransactionType } from './enums';

/** Texts of spec §5 (credit adjustment) and §8 (payment and credit toasts), and the server's refusals. */
export const CreditMessages = {
  providerRequired: 'Please select a service provider.',
  amountRequired: 'Please enter a credit amount (positive or negative).',
  amountTooLarge: 'An adjustment can add or remove at most 100000 credits.',
  reasonRequired: 'Please provide a reason for the adjustment.',
  providerNotFound: 'Service provider not found',
  providerNotFoundTitle: 'Service Provider Not Found',
  creditsAdjusted: 'Credits Adjusted',
  adjustFailed: 'Failed to adjust credits.',
  packRequired: 'Please choose a credit pack.',
  paymentsNotConfigured: 'Payments are not configured',
  paymentProviderUnavailable: 'The payment provider could not be reached. Please try again.',
  startPaymentFailed: 'Failed to start payment process',
  paymentFailed: 'Payment Failed',
  paymentErrorFallback: 'An error occurred during payment',
  paymentSuccessful: 'Payment Successful',
  creditsAdded: 'Your credits have been added to your account!',
  invalidWebhookSignature: 'Invalid webhook signature',
  unknownPackPaid: 'The paid credit pack is unknown; no credits were granted',
  unknownProviderPaid: 'The paying service provider is unknown; no credits were granted',
  loadProvidersFailed: 'Failed to load service providers',
  noProviders: 'No service providers found',
  noProviderEvents: 'No events found for this service provider',
  noTransactions: 'No transactions found',
  noTransactionsMatch: 'No transactions match your search',
} as const;

export const adjustmentBelowZero = (available: number) =>
  `Credits cannot go below zero: this provider has ${available} available.`;

/** The largest credit change one owner adjustment may make, either way. */
export const MAX_CREDIT_ADJUSTMENT = 100_000;
/** Spec §9: the Credits page summary lists this many recent transactions. */
export const RECENT_TRANSACTIONS_SHOWN = 5;
/** GET /api/service-provider/credits returns at most this many transactions (the history tab). */
export const PROVIDER_TRANSACTIONS_LIMIT = 100;
export const findCreditPack = (id: string): CreditPack | undefined => CREDIT_PACKS.find((pack) => pack.id === id);

export interface PaymentsAvailability {
  /** False while the server has no Stripe secret key: purchases answer 503 'Payments are not configured'. */
  enabled: boolean;
  /** For Stripe.js in the browser; null when not configured. */
  publishableKey: string | null;
}

/** GET /api/credit-packs */
export interface CreditPacksResponse {
  creditPacks: CreditPack[];
  payments: PaymentsAvailability;
}

/** One ledger row. amount is signed: purchases, promotions and positive adjustments add; event creation subtracts. */
export interface CreditTransactionView {
  id: string;
  amount: number;
  transactionType: TransactionType;
  description: string;
  stripePaymentIntentId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/**
 * A provider's credits. available is the balance (always the sum of the ledger); used, the credits spent on
 * events; purchased, the credits bought with packs; total = available + used: every credit the provider
 * has received, net of owner deductions (welcome credits, purchases, promotions, adjustments).
 */
export interface CreditBalance {
  available: number;
  total: number;
  used: number;
  purchased: number;
}

/** GET /api/service-provider/credits */
export interface CreditsSummaryResponse {
  success: true;
  credits: CreditBalance;
  /** Newest first, at most PROVIDER_TRANSACTIONS_LIMIT. */
  transactions: CreditTransactionView[];
}

/** POST /api/create-payment-intent. amount and credits are accepted but never used: the server prices the pack. */
export interface CreatePaymentIntentRequest {
  creditPackId: string;
  amount?: number;
  credits?: number;
}

export interface CreatePaymentIntentResponse {
  success: true;
  clientSecret: string;
  paymentIntentId: string;
  /** What will be charged, in US cents: the pack's price. */
  amount: number;
  currency: 'usd';
  creditPack: CreditPack;
}

/** A ledger row as the owner sees it. userName is the username of the account that made the change. */
export interface AdminCreditTransaction extends CreditTransactionView {
  serviceProviderId: string;
  serviceProviderName: string;
  userId: string | null;
  userName: string | null;
}

/** A service provider as the owner sees it. userName is the provider account's username. */
export interface AdminServiceProvider {
  id: string;
  userId: string;
  companyName: string;
  serviceTypes: string[];
  verified: boolean;
  availableCredits: number;
  totalCreditsUsed: number;
  totalCreditsPurchased: number;
  createdAt: string;
  updatedAt: string;
  userData: { email: string; username: string; profileData: UserProfile };
  userName: string;
  /** Events with status live. */
  activeEventsCount: number;
  totalEventsCount: number;
  /** Memories of all its events, whatever their moderation state. */
  totalContributionsCount: number;
  /** Days its events keep their media after completion; null: the platform's default. */
  retentionDays: number | null;
  /** The platform's default retention (RETENTION_DAYS), which applies while retentionDays is null. */
  defaultRetentionDays: number;
}

/** An event in the owner's All Events table: with its provider's company name (null for the owner's own). */
export interface AdminEvent extends HostEvent {
  serviceProviderName: string | null;
}

/** POST /api/admin/adjust-credits */
export interface AdjustCreditsRequest {
  serviceProviderId: string;
  /** Non-zero integer; negative removes credits, never below zero. */
  amount: number;
  reason: string;
}

export interface AdjustCreditsResponse {
  success: true;
  transaction: AdminCreditTransaction;
  availableCredits: number;
}

/** GET /api/admin/billing */
export interface BillingSummary {
  /** Credits bought with packs (sum of purchase ledger rows). */
  totalCreditsPurchased: number;
  /** Sum of the amounts actually paid (Stripe amount_received), in US cents. */
  totalRevenueCents: number;
  /** Providers with at least one live event. */
  activeServiceProviders: number;
  totalServiceProviders: number;
}

/** A mail of the local outbox (GET /api/admin/mail). */
export interface OutboxMailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface OutboxMailResponse {
  /** With SMTP configured, new mail is sent and the outbox keeps only what was stored before. */
  smtpConfigured: boolean;
  mails: OutboxMailView[];
}
