import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EventStatus, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useCreateEventMutation, useUpdateEventMutation, type CreatedEvent } from '../../api/hostEvents';
import { showError, showSuccess } from '../../components/ui/toast';
import { hasErrors } from '../../components/ui/useFormFields';
import { AccessCreatedCard } from './form/AccessCreatedCard';
import { CustomerAccessCard } from './form/CustomerAccessCard';
import { EventDetailsCard } from './form/EventDetailsCard';
import { acceptedWallImage, changedFields, createRequest, validate } from './form/eventFormValues';
import { useEventFormValues } from './form/useEventFormValues';
import { useWallImage } from './form/useWallImage';
import { WallCard } from './form/WallCard';
import { CheckboxField } from './fields';

/**
 * The event form of spec §2: /events/new without `event`, /events/{id}/edit with it. Creating with customer
 * access publishes the event; the customer's username and PIN are then shown once before moving on.
 */
export function EventForm({ event }: { event?: HostEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creating = !event;
  const form = useEventFormValues(event);
  const { initial, values } = form;
  const image = useWallImage(event, (address) => form.set('wallImage', address));
  const [publish, setPublish] = useState(false);
  const [created, setCreated] = useState<CreatedEvent | null>(null);
  const [createEvent, creation] = useCreateEventMutation();
  const [updateEvent, update] = useUpdateEventMutation();
  const busy = creation.isLoading || update.isLoading || image.uploading;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(values, initial, creating);
    if (values.wallImage.trim() && !acceptedWallImage(values)) invalid.wallImage = t('events.wallImageInvalid');
    form.showErrors(invalid);
    if (hasErrors(invalid)) return;
    if (creating) await create();
    else await save(event);
  };

  const create = async () => {
    let result: CreatedEvent;
    try {
      result = await createEvent(createRequest(values)).unwrap();
    } catch (error) {
      form.showServerErrors(error);
      showError(t('events.error'), errorMessage(error) ?? t('events.createFailed'));
      return;
    }
    showSuccess(t('events.created'));
    await image.uploadPending(result.event.id);
    if (result.customer && result.password) setCreated(result);
    else void navigate('/events');
  };

  const save = async (current: HostEvent) => {
    try {
      await updateEvent({
        id: current.id,
        ...changedFields(initial, values),
        ...(publish ? { status: EventStatus.Live } : {}),
      }).unwrap();
    } catch (error) {
      form.showServerErrors(error);
      showError(t('events.error'), errorMessage(error) ?? t('events.updateFailed'));
      return;
    }
    showSuccess(t('events.updated'));
    void navigate(`/events/${encodeURIComponent(current.id)}`);
  };

  if (created?.customer && created.password) {
    return (
      <AccessCreatedCard
        eventName={created.event.name}
        customer={created.customer}
        pin={created.password}
        onContinue={() => navigate('/events')}
      />
    );
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="ev-form">
      <EventDetailsCard form={form} />
      {(creating || event.permissions.canEditTheme) && <WallCard form={form} image={image} busy={busy} />}
      {creating && <CustomerAccessCard form={form} />}
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
