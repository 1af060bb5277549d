import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ipick/contracts';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { knownErrors } from './known-errors.ts';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1), run off the main thread. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against a real hash when the user does not exist costs the same time as a wrong
// password, so response times do not reveal which emails have accounts.
const unknownUserHash = hash('an unguessable password for users that do not exist');

export async function verifyPassword(
  password: string,
  passwordHash: string | null,
): Promise<boolean> {
  if (passwordHash === null) {
    await verify(await unknownUserHash, password);
    return false;
  }
  // Users imported with a bcrypt `password_hash` keep it until they change their password.
  if (isBcryptHash(passwordHash)) return bcrypt.compare(password, passwordHash);
  return verify(passwordHash, password);
}

function isBcryptHash(passwordHash: string): boolean {
  return /^\$2[aby]\$/.test(passwordHash);
}

/** The identity service's password rules, with the errors clients expect (spec §5, §8). */
export function checkPasswordRules(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw knownErrors.passwordTooShort(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) throw knownErrors.passwordTooLong(PASSWORD_MAX_LENGTH);
}
