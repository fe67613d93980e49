/** The absolute path of the Node 22 executable; throws if the package is missing or incomplete. */
export declare function node22Path(): string;
