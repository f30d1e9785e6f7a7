/** Account security limits, in one place so server rules, emails and screens agree. */
export const LOGIN_MAX_FAILED_ATTEMPTS = 5;
export const LOGIN_LOCK_MINUTES = 15;
/** Verification and reset codes: 6 digits, valid 5 minutes (spec §9), 5 wrong tries then a new code is needed. */
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code or link for the same purpose can be requested once a minute, 10 times an hour. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_RESEND_MAX_PER_HOUR = 10;
export const VERIFY_LINK_TTL_HOURS = 24;
export const RESET_LINK_TTL_MINUTES = 60;
/** How long the proof from a reset code or an email-change code stays usable. */
export const STEP_TOKEN_TTL_MINUTES = 15;
export const PRIMARY_EMAIL_CHANGES_PER_DAY = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
