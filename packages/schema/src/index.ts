/** The contract vocabulary over TypeBox and the canonical JSON Schema 2020-12 publisher. */
export const PACKAGE_NAME = '@portcullis/schema';
