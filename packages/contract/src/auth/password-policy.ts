import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

/** A few of the most common passwords; anything here is refused whatever its length. */
const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password12', 'password123', 'passw0rd', '12345678', '123456789', '1234567890',
  'qwerty123', 'qwertyuiop', '1q2w3e4r', 'iloveyou1', 'letmein1', 'welcome1', 'welcome123', 'admin123',
  'abc12345', 'football1', 'monkey123', 'sunshine1', 'princess1', 'trustno1', 'changeme1', 'carbon123',
]);

/**
 * What is wrong with a password, as sentences a person can act on; empty when it is fine.
 * Used by the server on register, reset and change, and by the forms for instant feedback.
 */
export function passwordProblems(password: string, context: { email?: string } = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters`);
  if (!/\p{L}/u.test(password)) problems.push('Include at least one letter');
  if (!/\d/.test(password)) problems.push('Include at least one number');
  if (password.trim() !== password) problems.push('Do not start or end the password with a space');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push('This password is too common; choose another');
  const localPart = context.email?.split('@')[0]?.toLowerCase();
  if (localPart && localPart.length >= 4 && password.toLowerCase().includes(localPart)) {
    problems.push('Do not use your email address in the password');
  }
  return problems;
}
