/** The default size limit of a bundle (IMPORT_MAX_BYTES overrides it for the web and the command line alike). */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
