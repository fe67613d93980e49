/** Tool definitions, directory scanning and a catalog that fails fast at build. */
export const PACKAGE_NAME = '@portcullis/catalog';
