import type { ComponentProps } from 'react';
import { CUSTOMER_PIN_LENGTH } from '@memory-wall/contracts';
import { TextField } from '../../components/ui/TextField';

/** A customer's 6-digit PIN: hidden, a number pad on phones, never filled in from saved passwords. */
export function PinField(
  props: { label: string } & Omit<ComponentProps<'input'>, 'type'> & { error?: string; hint?: string },
) {
  return (
    <TextField
      type="password"
      inputMode="numeric"
      maxLength={CUSTOMER_PIN_LENGTH}
      autoComplete="new-password"
      {...props}
    />
  );
}
