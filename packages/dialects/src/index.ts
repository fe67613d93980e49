/** One canonical tool contract published in each vendor's schema dialect. */
export const PACKAGE_NAME = '@portcullis/dialects';
