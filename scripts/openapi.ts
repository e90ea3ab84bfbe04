import { writeFileSync } from 'node:fs';
import { writtenApiDocument } from '../src/server/apiDocument';

/**
 * npm run openapi: writes docs/openapi.json, the OpenAPI 3.1 document built from the routes' schemas
 * (the server serves the same at /api/docs/openapi.json). tests/server/openapi.test.ts fails while
 * the file is behind the routes.
 */
const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, await writtenApiDocument());
console.log(`wrote ${target.pathname}`);
