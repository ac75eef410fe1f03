/** Password length limits, apart from password.ts so that light modules (the configuration) need not load its dictionary. */
export const MIN_PASSWORD_LENGTH = 10;
/** bcrypt reads only the first 72 bytes: a longer password would match anything sharing them. */
export const MAX_PASSWORD_BYTES = 72;
