/** Judges a value against a published JSON Schema document and refuses in words composed from the document alone. */
export const PACKAGE_NAME = '@portcullis/gate';
