import { EVENT_TYPES, Role, type EventType } from './enums';

/** Texts of spec §5 and §8 for accounts, shared by the forms and the server's 400 bodies. */
export const AuthMessages = {
  emailOrUsernameRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameCharacters: 'Username cannot contain @, spaces or invisible characters',
  emailInvalid: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  customerPassword: 'Customer password must be exactly 6 digits',
  alphanumericPassword: 'Password must be at least 8 alphanumeric characters',
  guestPassword: 'Password must be at least 6 characters',
  invalidCredentials: 'Invalid credentials',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  roleNotAllowed: 'Role must be guest, customer or service_provider',
  companyNameRequired: 'Company name is required',
  serviceTypesRequired: 'Please choose at least one service type',
  serviceTypeInvalid: 'Service types must be wedding, memorial or general',
  currentPasswordWrong: 'Current password is incorrect',
  ownPasswordAlphanumeric: 'Password must be at least 8 alphanumeric characters.',
  ownPasswordCustomer: 'For customers, password must be exactly 6 digits.',
  ownPasswordMismatch: 'The passwords you entered do not match.',
  customerPin: 'Password must be exactly 6 digits',
  signInRequired: 'Please sign in',
  accessDenied: "You don't have permission to access this page.",
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  tooManyRegistrations: 'Too many registrations from this address. Please try again later.',
  foreignOrigin: 'Request refused: it did not come from this site',
  resetRequested: 'If an account with this email or username exists, we have sent it a link to reset its password.',
  resetLinkInvalid: 'This reset link is not valid. Please ask for a new one.',
  resetLinkUsed: 'This reset link has already been used. Please ask for a new one.',
  resetLinkExpired: 'This reset link has expired. Please ask for a new one.',
  tooManyResetRequests: 'Too many password reset requests. Please wait and try again.',
} as const;

/** POST /api/auth/password-reset/request: the same answer whether or not the account exists. */
export interface PasswordResetRequest {
  emailOrUsername: string;
  /** The page's language: the mail is written in it. */
  language?: string;
}

/** POST /api/auth/password-reset: the token from the mailed link and the new password (the role's rule). */
export interface PasswordResetBody {
  token: string;
  password: string;
  passwordConfirm: string;
}

/** Roles a person may choose when registering; owners come from the seed or the environment. */
export const SELF_REGISTER_ROLES = [Role.Guest, Role.Customer, Role.ServiceProvider] as const;
export type SelfRegisterRole = Exclude<Role, 'owner'>;

/**
 * Usernames are kept in Unicode NFKC form (full-width and other compatibility forms folded), trimmed. They
 * cannot hold '@' (a username must never read as someone's email), whitespace, or invisible characters
 * (controls, zero-width and other format characters).
 */
export const normalizeUsername = (username: string) => username.normalize('NFKC').trim();
export const USERNAME_ALLOWED = /^[^@\s\p{Cc}\p{Cf}]*$/u;
export const USERNAME_MIN_LENGTH = 3;

/** The registration form's and the server's rule for a new username (confusables are checked by the server). */
export function usernameProblem(username: string): string | null {
  const name = normalizeUsername(username);
  if (name.length < USERNAME_MIN_LENGTH) return AuthMessages.usernameTooShort;
  return USERNAME_ALLOWED.test(name) ? null : AuthMessages.usernameCharacters;
}

export const CUSTOMER_PIN_LENGTH = 6;
const CUSTOMER_PIN = new RegExp(`^\\d{${CUSTOMER_PIN_LENGTH}}$`);
const ALPHANUMERIC_8 = /^[A-Za-z0-9]{8,}$/;

/** Spec §5: customer exactly 6 digits; provider and owner at least 8 letters and digits; guest at least 6. */
export function passwordProblem(role: Role, password: string): string | null {
  switch (role) {
    case Role.Customer:
      return CUSTOMER_PIN.test(password) ? null : AuthMessages.customerPassword;
    case Role.ServiceProvider:
    case Role.Owner:
      return ALPHANUMERIC_8.test(password) ? null : AuthMessages.alphanumericPassword;
    default:
      return password.length >= 6 ? null : AuthMessages.guestPassword;
  }
}

/** The same rule, worded as the profile page and password resets word it. */
export function ownPasswordProblem(role: Role, password: string): string | null {
  if (role === Role.Customer) return CUSTOMER_PIN.test(password) ? null : AuthMessages.ownPasswordCustomer;
  if (role === Role.Guest) return password.length >= 6 ? null : AuthMessages.guestPassword;
  return ALPHANUMERIC_8.test(password) ? null : AuthMessages.ownPasswordAlphanumeric;
}

export const isCustomerPin = (password: string) => CUSTOMER_PIN.test(password);

/** What a service provider says it serves at sign-up: the event types (the owner's Type column). */
export const SERVICE_TYPES: readonly EventType[] = EVENT_TYPES;
export const COMPANY_NAME_MAX_LENGTH = 200;

export interface UserProfile {
  contactNumber?: string;
  phoneNumber?: string;
  companyName?: string;
  customerName?: string;
  fullName?: string;
  serviceTypes?: string[];
}

/** A signed-in user as the API shows it: never a password or hash. */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  profileData: UserProfile;
  createdAt: string;
  lastLoginAt: string | null;
  /** Service providers only. */
  serviceProvider?: {
    id: string;
    companyName: string;
    serviceTypes: string[];
    availableCredits: number;
    totalCreditsUsed: number;
    totalCreditsPurchased: number;
  };
}

export interface UserResponse {
  user: SessionUser;
}

/**
 * Where each role lands after signing in (spec §2 Auth page). The spec sends "others" to /events, which
 * guests may not open; their dashboard asks them to pick an event instead.
 */
export const HOME_BY_ROLE: Record<Role, string> = {
  [Role.ServiceProvider]: '/events',
  [Role.Customer]: '/customer-wall',
  [Role.Owner]: '/admin',
  [Role.Guest]: '/dashboard',
};
