/** Compiles the server to build/server/ (main.mjs, backupCommand.mjs). */
export function buildServer(): Promise<void>;
