import { useId, useState, type FormEvent } from 'react';
import {
  AuthMessages,
  normalizeUsername,
  passwordProblem,
  Role,
  SELF_REGISTER_ROLES,
  SERVICE_TYPES,
  usernameProblem,
  type EventType,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import type { RegisterRequest } from '@memory-wall/contracts';
import { useRegisterMutation } from '../../api/account';
import { NewPasswordField } from '../../components/ui/NewPasswordField';
import { TextField } from '../../components/ui/TextField';
import { showError, showSuccess } from '../../components/ui/toast';
import {
  hasErrors,
  isEmail,
  pickFieldErrors,
  useFormFields,
  type FieldErrors,
} from '../../components/ui/useFormFields';
import { addPageTexts } from '../../i18n/lazy';
import { rolesTexts } from '../../i18n/pages/roles';

addPageTexts('roles', rolesTexts);

type Field = 'username' | 'email' | 'fullName' | 'companyName' | 'password' | 'passwordConfirm';
type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** Where the server's field messages go (it may name nested fields by their path). */
const SERVER_FIELDS: Record<Field | 'role' | 'serviceTypes', readonly string[]> = {
  username: ['username'],
  email: ['email'],
  fullName: ['fullName', 'profileData.fullName', 'profileData'],
  companyName: ['profileData.companyName'],
  password: ['password'],
  passwordConfirm: ['passwordConfirm'],
  role: ['role'],
  serviceTypes: ['profileData.serviceTypes'],
};

/**
 * Spec §5 Register: username, email, the role's password rule, and the confirmation; a service provider
 * also names its company and at least one service type (the owner's providers table shows both).
 */
export function validateRegistration(
  values: Record<Field, string>,
  role: SelfRegisterRole,
  serviceTypes: readonly string[] = [],
): FieldErrors<Field | 'serviceTypes'> {
  const errors: FieldErrors<Field | 'serviceTypes'> = {};
  const usernameError = usernameProblem(values.username);
  if (usernameError) errors.username = usernameError;
  if (!isEmail(values.email.trim())) errors.email = AuthMessages.emailInvalid;
  const problem = passwordProblem(role, values.password);
  if (problem) errors.password = problem;
  if (values.passwordConfirm !== values.password) errors.passwordConfirm = AuthMessages.passwordsDoNotMatch;
  if (role === Role.ServiceProvider) {
    if (!values.companyName.trim()) errors.companyName = AuthMessages.companyNameRequired;
    if (!serviceTypes.length) errors.serviceTypes = AuthMessages.serviceTypesRequired;
  }
  return errors;
}

export function RegisterForm() {
  const { t, language } = useTranslation();
  const [register, { isLoading }] = useRegisterMutation();
  const [role, setRole] = useState<SelfRegisterRole>(Role.Guest);
  const [roleError, setRoleError] = useState<string>();
  const [serviceTypes, setServiceTypes] = useState<EventType[]>([]);
  const [serviceTypesError, setServiceTypesError] = useState<string>();
  const baseId = useId();
  const { values, setErrors, field } = useFormFields<Field>({
    username: '',
    email: '',
    fullName: '',
    companyName: '',
    password: '',
    passwordConfirm: '',
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const { serviceTypes: typesError, ...invalid } = validateRegistration(values, role, serviceTypes);
    setErrors(invalid);
    setServiceTypesError(typesError);
    setRoleError(undefined);
    if (hasErrors(invalid) || typesError) return;

    const fullName = values.fullName.trim();
    const provider = role === Role.ServiceProvider;
    const request: RegisterRequest = {
      username: normalizeUsername(values.username),
      email: values.email.trim(),
      password: values.password,
      passwordConfirm: values.passwordConfirm,
      role,
      profileData: {
        ...(fullName ? { fullName } : {}),
        ...(provider ? { companyName: values.companyName.trim(), serviceTypes } : {}),
      },
      // The account's mail is written in the language the page was read in.
      language,
    };
    try {
      const user = await register(request).unwrap();
      showSuccess(t('auth.registerSuccess'), t('auth.registerWelcome', { username: user.username }));
    } catch (error) {
      const {
        role: serverRoleError,
        serviceTypes: serverTypesError,
        ...fieldErrors
      } = pickFieldErrors(errorFields(error), SERVER_FIELDS);
      setErrors(fieldErrors);
      setRoleError(serverRoleError);
      setServiceTypesError(serverTypesError);
      showError(t('auth.registerFailed'), errorMessage(error) ?? t('common.unknownError'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <TextField label={t('auth.username')} autoComplete="username" {...field('username')} />
      <TextField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
      <TextField label={t('auth.fullName')} autoComplete="name" {...field('fullName')} />
      <fieldset className="choice-group" aria-describedby={roleError ? `${baseId}-role-error` : undefined}>
        <legend>{t('auth.accountType')}</legend>
        {SELF_REGISTER_ROLES.map((value) => (
          <div key={value} className="choice">
            <input
              type="radio"
              id={`${baseId}-${value}`}
              name="role"
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
              aria-describedby={`${baseId}-${value}-hint`}
            />
            <label htmlFor={`${baseId}-${value}`}>{t(`roles.${value}`)}</label>
            <span className="muted" id={`${baseId}-${value}-hint`}>
              {t(`auth.roleHint.${value}`)}
            </span>
          </div>
        ))}
        {roleError && (
          <p className="field-error" id={`${baseId}-role-error`}>
            {roleError}
          </p>
        )}
      </fieldset>
      {role === Role.ServiceProvider && (
        <>
          <TextField label={t('auth.companyName')} autoComplete="organization" {...field('companyName')} />
          <fieldset
            className="choice-group"
            aria-describedby={[`${baseId}-types-hint`, serviceTypesError && `${baseId}-types-error`]
              .filter(Boolean)
              .join(' ')}
          >
            <legend>{t('auth.serviceTypes')}</legend>
            <p className="field-hint" id={`${baseId}-types-hint`}>
              {t('auth.serviceTypesHint')}
            </p>
            {SERVICE_TYPES.map((type) => (
              <div key={type} className="choice">
                <input
                  type="checkbox"
                  id={`${baseId}-type-${type}`}
                  name="serviceTypes"
                  value={type}
                  checked={serviceTypes.includes(type)}
                  onChange={(e) => {
                    const checked = e.target.checked;
                    setServiceTypes((current) =>
                      checked ? [...current, type] : current.filter((chosen) => chosen !== type),
                    );
                    setServiceTypesError(undefined);
                  }}
                />
                <label htmlFor={`${baseId}-type-${type}`}>{t(`auth.serviceTypeOptions.${type}`)}</label>
              </div>
            ))}
            {serviceTypesError && (
              <p className="field-error" id={`${baseId}-types-error`}>
                {serviceTypesError}
              </p>
            )}
          </fieldset>
        </>
      )}
      <NewPasswordField label={t('auth.password')} hint={t(`auth.passwordHint.${role}`)} {...field('password')} />
      <NewPasswordField label={t('auth.confirmPassword')} {...field('passwordConfirm')} />
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? t('auth.registering') : t('auth.register')}
      </button>
    </form>
  );
}
