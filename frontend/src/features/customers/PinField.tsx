import type { ComponentProps } from 'react';
import { CUSTOMER_PIN_LENGTH } from '@memory-wall/contracts';
import { NewPasswordField } from '../../components/ui/NewPasswordField';

/** A customer's 6-digit PIN: hidden, a number pad on phones, never filled in from saved passwords. */
export function PinField(
  props: { label: string } & Omit<ComponentProps<'input'>, 'type' | 'autoComplete'> & { error?: string; hint?: string },
) {
  return <NewPasswordField inputMode="numeric" maxLength={CUSTOMER_PIN_LENGTH} {...props} />;
}
