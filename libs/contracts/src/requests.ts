/** Why the API refused a request before looking at what it asks for (sent as the 4xx message). */
export const RequestMessages = {
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  tooManyFields: 'The request body has too many fields',
  nestedTooDeeply: 'The request body is nested too deeply',
  nulCharacter: 'The request may not contain the NUL character',
  invalidRequest: 'Invalid request',
} as const;
