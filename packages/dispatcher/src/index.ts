/** Jobs as workflows: bounded admission, guardrails, cooperative cancellation of the whole tree, artifact registry. */
export const PACKAGE_NAME = '@portcullis/dispatcher';
