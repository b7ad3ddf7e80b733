/** A signed credit amount: +10, -1. */
export const signed = (amount: number) => (amount > 0 ? `+${amount}` : String(amount));
