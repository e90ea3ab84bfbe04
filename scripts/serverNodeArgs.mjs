// Node's options for the server's processes, shared by npm start and the bench (which measures npm start's server).
//
// --max-old-space-size: V8 lets garbage pile up far beyond what a process holds when the machine has
// memory to spare. Measured (npm run bench, limits): a 42,000-row import and its re-screen held 170-240
// MB alive but reached 780 MB of heap and 1.1 GB resident; with the old generation capped at 640 MB
// the collector runs sooner and the process stayed under 660 MB. APP_HEAP_MB changes the cap.
export function serverNodeArgs(env = process.env) {
  const heapMb = env.APP_HEAP_MB === undefined || env.APP_HEAP_MB === '' ? 640 : Number(env.APP_HEAP_MB);
  if (!Number.isInteger(heapMb) || heapMb < 256) throw new Error(`Configuration: APP_HEAP_MB must be an integer >= 256 (megabytes), got "${env.APP_HEAP_MB}"`);
  return [`--max-old-space-size=${heapMb}`];
}
