/** Texts of the customer credentials panel (spec §2), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Customer Credentials',
  intro: 'The event hosts who sign in with a username and a 6-digit PIN.',
  loadFailed: 'Failed to load customer credentials. Please try again.',
  tryAgain: 'Try Again',
  none: 'No customers yet.',
  fullName: 'Name',
  username: 'Username',
  email: 'Email',
  copy: 'Copy',
  copyUsername: 'Copy username {{username}}',
  copyPin: 'Copy PIN',
  copied: 'Copied',
  copyFailed: 'Failed to copy',
  resetPin: 'Reset PIN',
  resetPinFor: 'Reset PIN for {{username}}',
  newPin: 'New PIN',
  confirmPin: 'Confirm PIN',
  savePin: 'Save PIN',
  pinReset: 'Password Reset',
  pinResetText: '{{username}} can now sign in with the new PIN.',
  resetFailed: 'Failed to reset password',
  addCustomer: 'Add Customer',
  addHint: 'Adding a customer to a draft publishes it and uses 1 credit.',
  customerName: 'Customer Name',
  customerEmail: 'Customer Email',
  customerUsername: 'Customer Username',
  pin: 'PIN',
  generatePin: 'Generate PIN',
  adding: 'Adding...',
  missingInformation: 'Missing information',
  invalidPasswordFormat: 'Invalid password format',
  passwordsDontMatch: "Passwords don't match",
  passwordsDontMatchText: 'The PIN and its confirmation must be the same.',
  added: 'Customer added',
  addedText: 'Give {{username}} the PIN below: it is shown only now.',
  addFailed: 'Failed to add customer',
  addFailedText: 'Please try again.',
  newCredentials: 'Sign-in details for {{username}}',
  done: 'Done',
  permissions: 'May',
  permissionsFor: 'What {{username}} may do',
  permissionsSaved: 'Saved what {{username}} may do',
  permissionsFailed: 'Failed to change permissions',
  permission: {
    canModerate: 'Moderate memories',
    canEditTheme: 'Edit wall settings',
    canEditDetails: 'Edit event details',
  },
};

export type CustomersTexts = typeof en;

export const customersTexts = en;

declare module '../en' {
  interface LazyResources {
    customers: CustomersTexts;
  }
}
