import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CUSTOMER_PIN_LENGTH,
  ANIMATION_STYLES,
  AnimationStyle,
  EVENT_CODE_LENGTH,
  EVENT_TYPES,
  EventMessages,
  EventStatus,
  EventType,
  IMAGES_DISPLAY_OPTIONS,
  LANGUAGE_NAMES,
  LANGUAGES,
  Language,
  ModerationType,
  normalizeEventCode,
  normalizeImagesDisplay,
  type HostEvent,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import {
  useCreateEventMutation,
  useUpdateEventMutation,
  useUploadFeaturedImageMutation,
  type CreateEventRequest,
  type CreateEventResponse,
  type EventFormFields,
} from '../../api/events';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { showError, showSuccess } from '../../components/ui/toast';
import { hasErrors, isEmail, type FieldErrors } from '../../components/ui/useFormFields';
import { CustomerCredentials } from '../customers/CustomerCredentials';
import { generatePin } from '../customers/pin';
import { dateInputValue, todayIso } from './eventFormat';
import { CheckboxField, RadioGroup, SelectField } from './fields';

interface Values {
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
type Field = keyof Values;

const CUSTOMER_FIELDS = ['customerName', 'customerEmail', 'customerUsername', 'customerPassword'] as const;
/** The moderation choices of the form (spec §3); a stored auto_approve stays choosable when editing. */
const FORM_MODERATION = [ModerationType.AiModeration, ModerationType.ManualModeration] as const;
const EVENT_CODE = /^[A-Z0-9]{4,10}$/;
const WALL_IMAGE = /^(https?:\/\/|\/api\/media\/public\/)\S+$/;
const USERNAME = /^\w+$/;

function initialValues(event?: HostEvent): Values {
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
function eventFields(values: Values): EventFormFields {
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

/** Spec §5 Event and Customer access, with the date rules of spec §2. */
function validate(values: Values, initial: Values, creating: boolean): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
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
  if (creating && CUSTOMER_FIELDS.some((f) => values[f].trim() !== '')) {
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

const isImage = (file: File) => file.type.startsWith('image/');

/**
 * The event form of spec §2: /events/new without `event`, /events/{id}/edit with it. Creating with customer
 * access publishes the event; the customer's username and PIN are then shown once before moving on.
 */
export function EventForm({ event }: { event?: HostEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creating = !event;
  const [initial] = useState(() => initialValues(event));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [publish, setPublish] = useState(false);
  const [pendingImage, setPendingImage] = useState<File | null>(null);
  const [created, setCreated] = useState<CreateEventResponse | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const createdTitleId = useId();
  const [createEvent, creation] = useCreateEventMutation();
  const [updateEvent, update] = useUpdateEventMutation();
  const [uploadImage, upload] = useUploadFeaturedImageMutation();
  const busy = creation.isLoading || update.isLoading || upload.isLoading;
  const today = todayIso();

  const set = <F extends Field>(name: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const text = (name: Field, transform: (v: string) => string = (v) => v) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, transform(e.target.value) as never),
  });

  const focusFirstError = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const onImageChosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!isImage(file)) {
      showError(t('events.imageUploadFailed'), t('events.imageOnly'));
      return;
    }
    if (creating) {
      // There is no event to attach it to yet: it is uploaded right after the event is created.
      setPendingImage(file);
      set('wallImage', '');
      return;
    }
    try {
      const imageUrl = await uploadImage({ eventId: event.id, file }).unwrap();
      set('wallImage', imageUrl);
    } catch (error) {
      showError(t('events.imageUploadFailed'), errorMessage(error) ?? t('events.imageUploadFailedText'));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(values, initial, creating);
    if (values.wallImage.trim() && !WALL_IMAGE.test(values.wallImage.trim())) invalid.wallImage = t('events.wallImageInvalid');
    setErrors(invalid);
    if (hasErrors(invalid)) {
      focusFirstError();
      return;
    }
    if (creating) await create();
    else await save(event);
  };

  const showServerErrors = (error: unknown) => {
    const fields = errorFields(error);
    const known = Object.fromEntries(Object.entries(fields).filter(([name]) => name in values)) as FieldErrors<Field>;
    setErrors(known);
    if (hasErrors(known)) focusFirstError();
  };

  const create = async () => {
    const withCustomer = CUSTOMER_FIELDS.some((f) => values[f].trim() !== '');
    const body: CreateEventRequest = {
      ...eventFields(values),
      ...(withCustomer
        ? {
            customerName: values.customerName.trim(),
            customerEmail: values.customerEmail.trim(),
            customerUsername: values.customerUsername.trim(),
            customerPassword: values.customerPassword,
          }
        : {}),
    };
    let result: CreateEventResponse;
    try {
      result = await createEvent(body).unwrap();
    } catch (error) {
      showServerErrors(error);
      showError(t('events.error'), errorMessage(error) ?? t('events.createFailed'));
      return;
    }
    showSuccess(t('events.created'));
    if (pendingImage) {
      try {
        await uploadImage({ eventId: result.event.id, file: pendingImage }).unwrap();
      } catch (error) {
        showError(t('events.imageUploadFailed'), errorMessage(error) ?? t('events.imageUploadFailedText'));
      }
    }
    if (result.customer && result.password) setCreated(result);
    else navigate('/events');
  };

  const save = async (current: HostEvent) => {
    const before = eventFields(initial) as unknown as Record<string, unknown>;
    const after = eventFields(values) as unknown as Record<string, unknown>;
    const changes = Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value));
    try {
      await updateEvent({ id: current.id, ...changes, ...(publish ? { status: EventStatus.Live } : {}) }).unwrap();
    } catch (error) {
      showServerErrors(error);
      showError(t('events.error'), errorMessage(error) ?? t('events.updateFailed'));
      return;
    }
    showSuccess(t('events.updated'));
    navigate(`/events/${encodeURIComponent(current.id)}`);
  };

  if (created?.customer && created.password) {
    return (
      <section className="card ev-created-card" aria-labelledby={createdTitleId}>
        <h2 id={createdTitleId} className="card-title">
          {t('events.accessCreatedTitle')}
        </h2>
        <p>{t('events.accessCreatedText', { name: created.event.name })}</p>
        <CustomerCredentials username={created.customer.username} pin={created.password} />
        <button type="button" className="button" onClick={() => navigate('/events')}>
          {t('events.continue')}
        </button>
      </section>
    );
  }

  const moderationChoices: readonly ModerationType[] =
    values.moderationType === ModerationType.AutoApprove || initial.moderationType === ModerationType.AutoApprove
      ? [ModerationType.AutoApprove, ...FORM_MODERATION]
      : FORM_MODERATION;
  const imagePreview = values.wallImage.trim() && WALL_IMAGE.test(values.wallImage.trim()) ? values.wallImage.trim() : null;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="ev-form">
      <Card title={t('events.details')}>
        <div className="form">
          <TextField label={t('events.name')} autoComplete="off" {...text('name')} />
          <SelectField
            label={t('events.type')}
            value={values.eventType}
            onChange={(e) => set('eventType', e.target.value as EventType)}
            options={EVENT_TYPES.map((type) => ({ value: type, label: t(`events.eventType.${type}`) }))}
          />
          <div className="ev-two">
            <TextField label={t('events.date')} type="date" min={today} hint={t('events.dateHint')} {...text('eventDate')} />
            <TextField label={t('events.endDate')} type="date" min={values.eventDate && values.eventDate > today ? values.eventDate : today} {...text('eventEndDate')} />
          </div>
          <TextField
            label={t('events.eventCode')}
            hint={t('events.eventCodeHint')}
            maxLength={EVENT_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            {...text('eventCode', (v) => v.toUpperCase())}
          />
          <SelectField
            label={t('events.defaultLanguage')}
            value={values.defaultLanguage}
            onChange={(e) => set('defaultLanguage', e.target.value as Language)}
            options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          />
        </div>
      </Card>

      <Card title={t('events.wall')}>
        <div className="form">
          <RadioGroup
            legend={t('events.moderationType')}
            name="moderationType"
            value={values.moderationType}
            onChange={(value) => set('moderationType', value)}
            options={moderationChoices.map((type) => ({
              value: type,
              label: t(`events.moderation.${type}`),
              hint: t(`events.moderationHint.${type}`),
            }))}
          />
          <TextField label={t('events.wallTitle')} hint={t('events.wallTitleHint')} autoComplete="off" {...text('wallTitle')} />
          <div className="ev-image-field">
            {/* Set by uploading only: the server accepts no other address (no third-party images on public walls). */}
            <TextField label={t('events.wallImage')} type="url" readOnly hint={t('events.wallImageHint')} autoComplete="off" {...text('wallImage')} />
            <div className="actions">
              <label className="button button-secondary ev-file">
                {upload.isLoading ? t('events.saving') : t('events.uploadImage')}
                <input type="file" accept="image/*" className="visually-hidden" onChange={onImageChosen} disabled={busy} />
              </label>
              {(imagePreview || pendingImage) && (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    setPendingImage(null);
                    set('wallImage', '');
                  }}
                >
                  {t('events.removeImage')}
                </button>
              )}
            </div>
            {pendingImage && <p className="field-hint">{pendingImage.name}</p>}
            {imagePreview && <img src={imagePreview} alt={t('events.imagePreview')} className="ev-image-preview" />}
          </div>
          <SelectField
            label={t('events.numberOfImagesDisplay')}
            value={values.numberOfImagesDisplay}
            onChange={(e) => set('numberOfImagesDisplay', e.target.value)}
            options={IMAGES_DISPLAY_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
          />
          <SelectField
            label={t('events.animationStyle')}
            value={values.animationStyle}
            onChange={(e) => set('animationStyle', e.target.value as AnimationStyle)}
            options={ANIMATION_STYLES.map((style) => ({ value: style, label: t(`events.animation.${style}`) }))}
          />
        </div>
      </Card>

      {creating && (
        <Card title={t('events.customerAccess')}>
          <p className="field-hint">{t('events.customerAccessHint')}</p>
          <div className="form">
            <TextField label={t('events.customerName')} autoComplete="off" {...text('customerName')} />
            <TextField label={t('events.customerEmail')} type="email" autoComplete="off" {...text('customerEmail')} />
            <TextField label={t('events.customerUsername')} autoComplete="off" {...text('customerUsername')} />
            <div className="ev-pin">
              <TextField
                label={t('events.customerPassword')}
                hint={t('events.customerPasswordHint')}
                inputMode="numeric"
                maxLength={CUSTOMER_PIN_LENGTH}
                autoComplete="off"
                {...text('customerPassword')}
              />
              <button type="button" className="button button-secondary" onClick={() => set('customerPassword', generatePin())}>
                {t('events.generatePin')}
              </button>
            </div>
          </div>
        </Card>
      )}

      {!creating && event.status === EventStatus.Draft && (
        <CheckboxField label={t('events.publishOnSave')} checked={publish} onChange={setPublish} />
      )}

      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {creating
            ? creation.isLoading
              ? t('events.creating')
              : t('events.create')
            : update.isLoading
              ? t('events.saving')
              : t('events.saveChanges')}
        </button>
        <Link to={creating ? '/events' : `/events/${encodeURIComponent(event.id)}`} className="button button-secondary">
          {t('events.cancel')}
        </Link>
      </div>
    </form>
  );
}
