/** Standard base64 of bytes (as `PATCH /users/me {totp_secret_base64}` takes a secret). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** URL-safe base64 without padding (RFC 4648 §5), as PKCE's verifier and challenge are sent. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
