/** Strict JSON decoding for bytes from outside: refuses what JSON.parse forgives, never echoes input. */
export const PACKAGE_NAME = '@portcullis/decoder';
