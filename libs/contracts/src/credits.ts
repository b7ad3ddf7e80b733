/** Spec §1 and §9: credit packs, priced by the server (the client's amount never counts). */
export interface CreditPack {
  id: string;
  name: string;
  /** Total price in US cents. */
  price: number;
  credits: number;
  /** Price per credit in US cents. */
  pricePerCredit: number;
  mostPopular: boolean;
  /** Percent saved against the Starter price per credit. */
  savingsPercent: number;
}

export const CREDIT_PACKS: readonly CreditPack[] = [
  {
    id: 'starter',
    name: 'Starter',
    credits: 5,
    pricePerCredit: 5000,
    price: 25000,
    mostPopular: false,
    savingsPercent: 0,
  },
  {
    id: 'value',
    name: 'Value',
    credits: 10,
    pricePerCredit: 4500,
    price: 45000,
    mostPopular: true,
    savingsPercent: 10,
  },
  { id: 'pro', name: 'Pro', credits: 20, pricePerCredit: 4000, price: 80000, mostPopular: false, savingsPercent: 20 },
];

/** Credits a new service provider starts with. */
export const WELCOME_CREDITS = 10;
