/** Node's options for the server's processes (npm start and the bench): the old generation's cap (APP_HEAP_MB). */
export function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
