import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), with what they
 * compile shared by every app a test process builds: the server tests build one or more apps per
 * file, and compiling the schemas of every route was about 300 of the 410 ms each took (issue 14).
 * A compiled schema is reused only for the same schema (its JSON) under the same external schemas and
 * options, so every app validates and serialises exactly as one built alone. (Fastify treats compilers
 * given this way as custom, which only stops it lower-casing the properties of `headers` schemas; no
 * route has one, and production builds its one app with the defaults.)
 */

type CompilerFactory<Route extends { schema: unknown }, Compiled> = (externalSchemas: never, options: never) => (route: Route) => Compiled;

function sharedAcrossApps<Route extends { schema: unknown }, Compiled>(factory: CompilerFactory<Route, Compiled>): CompilerFactory<Route, Compiled> {
  const compiled = new Map<string, Compiled>();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const setup = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = `${setup}\n${JSON.stringify(route.schema)}`;
      let found = compiled.get(key);
      if (found === undefined) {
        found = compile(route);
        compiled.set(key, found);
      }
      return found;
    };
  };
}

export const sharedSchemaController: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: sharedAcrossApps(AjvCompiler() as never) as never,
    buildSerializer: sharedAcrossApps(SerializerSelector() as never) as never,
  },
};
