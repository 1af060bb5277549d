import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** A browser's RegistrationResponseJSON (WebAuthn Level 3, as SimpleWebAuthn sends it). */
const registrationResponse = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url }),
  clientExtensionResults: z.looseObject({}),
});

/** A browser's AuthenticationResponseJSON. */
const authenticationResponse = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});

export const emptyBody = z.strictObject({});

export const registerBody = z.strictObject({
  credential: registrationResponse,
  code: z.string().min(1),
});

export const signInBody = z.strictObject({
  authentication_response: authenticationResponse,
  code: z.string().min(1),
});

export const passkeyParams = z.strictObject({ passkeyId: z.uuid('must be a passkey id') });
