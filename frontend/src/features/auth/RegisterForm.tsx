import { useId, useState, type FormEvent } from 'react';
import {
  AuthMessages,
  normalizeUsername,
  passwordProblem,
  Role,
  SELF_REGISTER_ROLES,
  usernameProblem,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import type { RegisterRequest } from '@memory-wall/contracts';
import { useRegisterMutation } from '../../api/auth';
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

type Field = 'username' | 'email' | 'fullName' | 'password' | 'passwordConfirm';
type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** Where the server's field messages go (it may name nested fields by their path). */
const SERVER_FIELDS: Record<Field | 'role', readonly string[]> = {
  username: ['username'],
  email: ['email'],
  fullName: ['fullName', 'profileData.fullName', 'profileData'],
  password: ['password'],
  passwordConfirm: ['passwordConfirm'],
  role: ['role'],
};

/** Spec §5 Register: username, email, the role's password rule, and the confirmation. */
export function validateRegistration(values: Record<Field, string>, role: SelfRegisterRole): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const usernameError = usernameProblem(values.username);
  if (usernameError) errors.username = usernameError;
  if (!isEmail(values.email.trim())) errors.email = AuthMessages.emailInvalid;
  const problem = passwordProblem(role, values.password);
  if (problem) errors.password = problem;
  if (values.passwordConfirm !== values.password) errors.passwordConfirm = AuthMessages.passwordsDoNotMatch;
  return errors;
}

export function RegisterForm() {
  const { t, language } = useTranslation();
  const [register, { isLoading }] = useRegisterMutation();
  const [role, setRole] = useState<SelfRegisterRole>(Role.Guest);
  const [roleError, setRoleError] = useState<string>();
  const baseId = useId();
  const { values, setErrors, field } = useFormFields<Field>({
    username: '',
    email: '',
    fullName: '',
    password: '',
    passwordConfirm: '',
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateRegistration(values, role);
    setErrors(invalid);
    setRoleError(undefined);
    if (hasErrors(invalid)) return;

    const fullName = values.fullName.trim();
    const request: RegisterRequest = {
      username: normalizeUsername(values.username),
      email: values.email.trim(),
      password: values.password,
      passwordConfirm: values.passwordConfirm,
      role,
      profileData: fullName ? { fullName } : {},
      // The account's mail is written in the language the page was read in.
      language,
    };
    try {
      const user = await register(request).unwrap();
      showSuccess(t('auth.registerSuccess'), t('auth.registerWelcome', { username: user.username }));
    } catch (error) {
      const { role: serverRoleError, ...fieldErrors } = pickFieldErrors(errorFields(error), SERVER_FIELDS);
      setErrors(fieldErrors);
      setRoleError(serverRoleError);
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
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t(`auth.passwordHint.${role}`)}
        {...field('password')}
      />
      <TextField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...field('passwordConfirm')}
      />
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? t('auth.registering') : t('auth.register')}
      </button>
    </form>
  );
}
