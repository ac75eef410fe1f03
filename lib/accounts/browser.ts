/** lib/accounts: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export type * from "./permissions";
export type * from "./store/users";
export type { SignInSettings } from "./sso";
export { INVITED_ROLES, REVIEW_ROLES } from "./permissions";
export { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, isLocale, type Locale } from "./locale";
export { INVITE_MESSAGES, SIGN_IN_MESSAGES } from "./messages";
