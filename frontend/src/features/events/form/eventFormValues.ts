import {
  AnimationStyle,
  EventMessages,
  EventType,
  Language,
  ModerationType,
  normalizeEventCode,
  normalizeImagesDisplay,
  type CreateEventRequest,
  type HostEvent,
} from '@memory-wall/contracts';
import type { EventFormFields } from '../../../api/hostEvents';
import { isEmail, type FieldErrors } from '../../../components/ui/useFormFields';
import { dateInputValue, todayIso } from '../eventFormat';

export interface EventFormValues {
  name: string;
  eventType: EventType;
  eventDate: string;
  eventEndDate: string;
  moderationType: ModerationType;
  wallTitle: string;
  wallImage: string;
  numberOfImagesDisplay: string;
  defaultLanguage: Language;
  animationStyle: AnimationStyle;
  eventCode: string;
  customerName: string;
  customerEmail: string;
  customerUsername: string;
  customerPassword: string;
}
export type EventFormField = keyof EventFormValues;

const CUSTOMER_FIELDS = ['customerName', 'customerEmail', 'customerUsername', 'customerPassword'] as const;
/** The moderation choices of the form (spec §3); a stored auto_approve stays choosable when editing. */
const FORM_MODERATION = [ModerationType.AiModeration, ModerationType.ManualModeration] as const;
const EVENT_CODE = /^[A-Z0-9]{4,10}$/;
const WALL_IMAGE = /^(https?:\/\/|\/api\/media\/public\/)\S+$/;
const USERNAME = /^\w+$/;

export function initialValues(event?: HostEvent): EventFormValues {
  return {
    name: event?.name ?? '',
    eventType: event?.eventType ?? EventType.Wedding,
    eventDate: dateInputValue(event?.eventDate),
    eventEndDate: dateInputValue(event?.eventEndDate),
    moderationType: event?.moderationType ?? ModerationType.AiModeration,
    wallTitle: event?.wallTitle ?? '',
    wallImage: event?.wallImage ?? '',
    numberOfImagesDisplay: String(normalizeImagesDisplay(event?.numberOfImagesDisplay ?? 3)),
    defaultLanguage: event?.defaultLanguage ?? Language.En,
    animationStyle: event?.animationStyle ?? AnimationStyle.Horizontal,
    eventCode: event?.eventCode ?? '',
    customerName: '',
    customerEmail: '',
    customerUsername: '',
    customerPassword: '',
  };
}

/** The request fields of the form's values (empty texts become null; an empty code is left out). */
export function eventFields(values: EventFormValues): EventFormFields {
  const code = normalizeEventCode(values.eventCode);
  return {
    name: values.name.trim(),
    eventType: values.eventType,
    eventDate: values.eventDate || null,
    eventEndDate: values.eventEndDate || null,
    moderationType: values.moderationType,
    wallTitle: values.wallTitle.trim() || null,
    wallImage: values.wallImage.trim() || null,
    numberOfImagesDisplay: Number(values.numberOfImagesDisplay),
    defaultLanguage: values.defaultLanguage,
    animationStyle: values.animationStyle,
    ...(code ? { eventCode: code } : {}),
  };
}

const withCustomer = (values: EventFormValues) => CUSTOMER_FIELDS.some((f) => values[f].trim() !== '');

/** The new event's request: its fields, and the customer's login when the form gives one. */
export function createRequest(values: EventFormValues): CreateEventRequest {
  return {
    ...eventFields(values),
    ...(withCustomer(values)
      ? {
          customerName: values.customerName.trim(),
          customerEmail: values.customerEmail.trim(),
          customerUsername: values.customerUsername.trim(),
          customerPassword: values.customerPassword,
        }
      : {}),
  };
}

/** The fields an edit changed, and only those. */
export function changedFields(initial: EventFormValues, values: EventFormValues): Partial<EventFormFields> {
  const before = eventFields(initial) as unknown as Record<string, unknown>;
  const after = eventFields(values) as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value));
}

/** Spec §5 Event and Customer access, with the date rules of spec §2. */
export function validate(
  values: EventFormValues,
  initial: EventFormValues,
  creating: boolean,
): FieldErrors<EventFormField> {
  const errors: FieldErrors<EventFormField> = {};
  const today = todayIso();
  if (values.name.trim().length < 3) errors.name = EventMessages.nameTooShort;
  // An event that already took place may keep its date; a new or changed date cannot be in the past.
  const dateChanged = creating || values.eventDate !== initial.eventDate;
  if (values.eventDate && dateChanged && values.eventDate < today) errors.eventDate = EventMessages.dateInPast;
  const endChanged = dateChanged || values.eventEndDate !== initial.eventEndDate;
  if (values.eventEndDate && endChanged && values.eventEndDate < (values.eventDate || today)) {
    errors.eventEndDate = EventMessages.endBeforeStart;
  }
  const code = normalizeEventCode(values.eventCode);
  if (code && !EVENT_CODE.test(code)) errors.eventCode = EventMessages.eventCodeInvalid;
  if (creating && withCustomer(values)) {
    if (values.customerName.trim().length < 2) errors.customerName = EventMessages.customerNameRequired;
    if (!isEmail(values.customerEmail.trim())) errors.customerEmail = EventMessages.customerEmailInvalid;
    const username = values.customerUsername.trim();
    if (username.length < 3) errors.customerUsername = EventMessages.customerUsernameTooShort;
    else if (!USERNAME.test(username)) errors.customerUsername = EventMessages.customerUsernameChars;
    const pin = values.customerPassword;
    if (pin.length !== 6) errors.customerPassword = EventMessages.pinLength;
    else if (!/^\d+$/.test(pin)) errors.customerPassword = EventMessages.pinDigits;
  }
  return errors;
}

/** The wall image's address when it is one the form accepts, else null. */
export function acceptedWallImage(values: EventFormValues): string | null {
  const address = values.wallImage.trim();
  return address && WALL_IMAGE.test(address) ? address : null;
}

/** The moderation choices to offer: auto-approve only for an event that has it already. */
export function moderationChoices(values: EventFormValues, initial: EventFormValues): readonly ModerationType[] {
  return values.moderationType === ModerationType.AutoApprove || initial.moderationType === ModerationType.AutoApprove
    ? [ModerationType.AutoApprove, ...FORM_MODERATION]
    : FORM_MODERATION;
}
