import { useRef, useState, type ChangeEvent } from 'react';
import type { HostEvent } from '@memory-wall/contracts';
import { errorFields } from '../../../api/api';
import { hasErrors, type FieldErrors } from '../../../components/ui/useFormFields';
import { initialValues, type EventFormField, type EventFormValues } from './eventFormValues';

/** The event form's values and messages; setting a field clears its message. */
export function useEventFormValues(event?: HostEvent) {
  const [initial] = useState(() => initialValues(event));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<EventFormField>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const set = <F extends EventFormField>(name: F, value: EventFormValues[F]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** A TextField's value, message and onChange; `transform` rewrites what is typed (upper case). */
  const text = (name: EventFormField, transform: (v: string) => string = (v) => v) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, transform(e.target.value) as never),
  });

  /** Shows the messages and moves the focus to the first field at fault (after React has rendered them). */
  const showErrors = (next: FieldErrors<EventFormField>) => {
    setErrors(next);
    if (hasErrors(next))
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  /** The server's messages for fields of this form. */
  const showServerErrors = (error: unknown) =>
    showErrors(
      Object.fromEntries(
        Object.entries(errorFields(error)).filter(([name]) => name in values),
      ) as FieldErrors<EventFormField>,
    );

  return { initial, values, set, text, formRef, showErrors, showServerErrors };
}

export type EventFormState = ReturnType<typeof useEventFormValues>;
