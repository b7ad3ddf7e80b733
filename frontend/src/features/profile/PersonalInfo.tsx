import { useState, type FormEvent } from 'react';
import { AuthMessages, Role, type SessionUser } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { useUpdateProfileMutation } from '../../api/account';
import { Card } from '../../components/ui/Card';
import { DetailList } from '../../components/ui/DetailList';
import { TextField } from '../../components/ui/TextField';
import { FormActions } from '../../components/ui/FormActions';
import { showError, showSuccess } from '../../components/ui/toast';
import {
  hasErrors,
  isEmail,
  pickFieldErrors,
  useFormFields,
  type FieldErrors,
} from '../../components/ui/useFormFields';

type Field = 'fullName' | 'email' | 'contactNumber' | 'companyName';

const SERVER_FIELDS: Record<Field, readonly string[]> = {
  fullName: ['fullName', 'profileData.fullName'],
  email: ['email'],
  contactNumber: ['contactNumber', 'profileData.contactNumber', 'phoneNumber', 'profileData.phoneNumber'],
  companyName: ['companyName', 'profileData.companyName'],
};

function currentValues(user: SessionUser): Record<Field, string> {
  const profile = user.profileData ?? {};
  return {
    fullName: profile.fullName ?? '',
    email: user.email,
    contactNumber: profile.contactNumber ?? profile.phoneNumber ?? '',
    companyName: profile.companyName ?? user.serviceProvider?.companyName ?? '',
  };
}

/** Personal information: read-only, or a form after Edit (Save / Cancel). */
export function PersonalInfo({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const form = useFormFields<Field>(currentValues(user));
  const isProvider = user.role === Role.ServiceProvider;
  const shown = currentValues(user);

  const startEditing = () => {
    form.reset(currentValues(user));
    setEditing(true);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const { values } = form;
    const invalid: FieldErrors<Field> = {};
    if (!isEmail(values.email.trim())) invalid.email = AuthMessages.emailInvalid;
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;

    try {
      await updateProfile({
        id: user.id,
        email: values.email.trim(),
        profileData: {
          fullName: values.fullName.trim(),
          contactNumber: values.contactNumber.trim(),
          ...(isProvider ? { companyName: values.companyName.trim() } : {}),
        },
      }).unwrap();
      showSuccess(t('profile.updated'), t('profile.updatedText'));
      setEditing(false);
    } catch (error) {
      form.setErrors(pickFieldErrors(errorFields(error), SERVER_FIELDS));
      showError(t('profile.updateFailed'), errorMessage(error) ?? t('profile.updateFailedText'));
    }
  };

  if (!editing) {
    const rows: [string, string][] = [
      [t('profile.fullName'), shown.fullName],
      [t('profile.email'), shown.email],
      [t('profile.contactNumber'), shown.contactNumber],
      ...(isProvider ? ([[t('profile.companyName'), shown.companyName]] as [string, string][]) : []),
    ];
    return (
      <Card title={t('profile.personalInfo')}>
        <DetailList rows={rows} empty={t('profile.notSet')} />
        <button type="button" className="button button-secondary" onClick={startEditing}>
          {t('common.edit')}
        </button>
      </Card>
    );
  }

  return (
    <Card title={t('profile.personalInfo')}>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField label={t('profile.fullName')} autoComplete="name" {...form.field('fullName')} />
        <TextField label={t('profile.email')} type="email" autoComplete="email" {...form.field('email')} />
        <TextField label={t('profile.contactNumber')} type="tel" autoComplete="tel" {...form.field('contactNumber')} />
        {isProvider && (
          <TextField label={t('profile.companyName')} autoComplete="organization" {...form.field('companyName')} />
        )}
        <FormActions
          submit={isLoading ? t('common.saving') : t('common.save')}
          busy={isLoading}
          onCancel={() => setEditing(false)}
        />
      </form>
    </Card>
  );
}
