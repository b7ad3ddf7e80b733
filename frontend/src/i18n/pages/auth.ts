/** Texts of the sign-in page (Login and Register), added when its chunk loads (see ../lazy.ts). */
const en = {
  signInTitle: 'Sign In',
  registerTitle: 'Create an Account',
  intro: 'Sign in to manage your events, or create an account to get started.',
  loginTab: 'Login',
  registerTab: 'Register',
  emailOrUsername: 'Email or Username',
  password: 'Password',
  username: 'Username',
  email: 'Email',
  fullName: 'Full Name',
  confirmPassword: 'Confirm Password',
  accountType: 'Account Type',
  companyName: 'Company Name',
  serviceTypes: 'Service Types',
  serviceTypesHint: 'The events you run: choose at least one.',
  serviceTypeOptions: {
    wedding: 'Weddings',
    memorial: 'Memorials',
    general: 'General events',
  },
  roleHint: {
    guest: 'Share memories at events',
    customer: 'Host an event and manage its wall',
    service_provider: 'Create and run events for your clients',
  },
  passwordHint: {
    guest: 'At least 6 characters.',
    customer: 'Exactly 6 digits.',
    service_provider: 'At least 8 letters and digits.',
  },
  login: 'Login',
  loggingIn: 'Signing in...',
  register: 'Register',
  registering: 'Creating account...',
  loginSuccess: 'Login successful',
  welcomeBack: 'Welcome back, {{username}}!',
  loginFailed: 'Login failed',
  registerSuccess: 'Registration successful',
  registerWelcome: 'Welcome, {{username}}!',
  registerFailed: 'Registration failed',
  forgotPassword: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email or username of your account: we will mail it a link to choose a new password.',
  sendLink: 'Send reset link',
  sendingLink: 'Sending...',
  linkSent:
    'If an account with this email or username exists, we have sent it a link to reset its password. The link works once, for 30 minutes.',
  resetTitle: 'Choose a new password',
  newPassword: 'New Password',
  resetHint:
    'Customers: exactly 6 digits. Service providers and owners: at least 8 letters and digits. Guests: at least 6 characters.',
  resetSubmit: 'Set new password',
  resetting: 'Saving...',
  resetDone: 'Your password has been changed. Sign in with the new one.',
  resetFailed: 'Password reset failed',
  resetNoToken: 'This page needs the link from the mail. Ask for a new one.',
  backToSignIn: 'Back to sign in',
};

export type AuthTexts = typeof en;

export const authTexts = en;
