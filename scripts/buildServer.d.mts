/** Compiles the server to build/server/ (main.mjs). */
export function buildServer(): Promise<void>;
