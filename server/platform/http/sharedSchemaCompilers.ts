import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

const fastifyValidators = AjvCompiler();
const fastifySerializers = SerializerSelector();

type ValidatorFactory = typeof fastifyValidators;
type Validator = ReturnType<ReturnType<ValidatorFactory>>;
type SerializerFactory = typeof fastifySerializers;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

// A compiled validator or serializer depends only on the route's schema, the shared schemas and the compiler's
// options: one of each per distinct schema, whichever app of this process asked first.
const validators = new Map<string, Validator>();
const serializers = new Map<string, Serializer>();

/**
 * Fastify's own schema compilers (Ajv for input, fast-json-stringify for answers), sharing what they compiled
 * between the apps this process builds. Fastify compiles each route's schemas anew for every app: two thirds of
 * building one, which the API tests do for every test file (and one test for every declared entity).
 */
export const sharedSchemaCompilers: { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } =
  {
    buildValidator: (externalSchemas, options) => {
      const compile = fastifyValidators(externalSchemas, options);
      const context = JSON.stringify([externalSchemas, options?.customOptions, options?.plugins?.length]);
      // Fastify passes the route ({ schema, method, url, httpPart }), not the bare schema the types name.
      return ((route: { schema: unknown }) => {
        const key = `${context}${JSON.stringify(route.schema)}`;
        let validator = validators.get(key);
        if (!validator) {
          validator = (compile as unknown as (route: { schema: unknown }) => Validator)(route);
          validators.set(key, validator);
        }
        return validator;
      }) as unknown as ReturnType<ValidatorFactory>;
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = fastifySerializers(externalSchemas, options);
      const context = JSON.stringify([externalSchemas, options]);
      return (route) => {
        const key = `${context}${JSON.stringify(route.schema)}`;
        let serializer = serializers.get(key);
        if (!serializer) {
          serializer = compile(route);
          serializers.set(key, serializer);
        }
        return serializer;
      };
    },
  };
