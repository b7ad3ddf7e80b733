import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PUBLIC_KEY, ROLES_KEY, SESSION_COOKIE } from '../common/auth/auth.decorators';
import contractSchemas from './contract-schemas.json';
import { refusal, SESSION_SCHEME } from './responses';

const METHODS = ['get', 'head', 'put', 'post', 'delete', 'patch'] as const;
const WRITES = new Set<string>(['put', 'post', 'delete', 'patch']);

/**
 * The OpenAPI document of the running app. Request bodies come from the DTOs, response bodies from the
 * contracts' generated schemas, and who may call each route from the metadata the session guard reads
 * (@Public, @Roles), so the document says what the code does.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Memory Wall API')
    .setDescription('Guests leave memories for an event; hosts moderate; screens show them live.')
    .setVersion('0.1.0')
    .setLicense('Proprietary', 'https://example.com/memory-wall/license')
    .addServer('/', 'This server')
    .addCookieAuth(
      SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The signed session cookie set by POST /api/auth/login or /api/auth/register',
      },
      SESSION_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const handlers = handlersByOperationId(app);
  const reflector = new Reflector();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const handler = handlers.get(operation.operationId ?? '');
      if (!handler) throw new Error(`No handler for ${method.toUpperCase()} ${path}`);
      const targets = [handler.method, handler.controller];
      describeAccess(operation, {
        isPublic: reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets) === true,
        roles: reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, targets),
      });
      describeCommonRefusals(operation, method, path);
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...usedContracts(document) },
  };
  return document;
}

/** Signed in or not, and which roles: the session guard's rule, told as security and 401/403 answers. */
function describeAccess(operation: OperationObject, rule: { isPublic: boolean; roles?: string[] }) {
  if (rule.isPublic) {
    // A public route that reads a session when there is one (hosts see more) declares it; the rest need none.
    operation.security = operation.security?.length ? [{}, ...operation.security] : [];
    return;
  }
  operation.security = [{ [SESSION_SCHEME]: [] }];
  addResponse(operation, 401);
  addResponse(operation, 403);
  if (rule.roles) operation.description = joinText(operation.description, `Roles: ${rule.roles.join(', ')}.`);
}

/**
 * What the platform refuses on any route before a handler runs (request-limits.ts, origin-check.ts, pipes),
 * and the bare 500 of anything unexpected (api-errors.ts).
 */
function describeCommonRefusals(operation: OperationObject, method: string, path: string) {
  addResponse(operation, 400);
  if (path.includes('{')) {
    addResponse(operation, 404);
    addResponse(operation, 414);
  }
  if (WRITES.has(method)) addResponse(operation, 403);
  if (operation.requestBody) addResponse(operation, 413);
  addResponse(operation, 500);
}

function addResponse(operation: OperationObject, status: number) {
  operation.responses[status] ??= refusal(status);
}

const joinText = (text: string | undefined, more: string) => (text ? `${text} ${more}` : more);

/** operationId (Nest's default: `Controller_method`) to the controller class and its handler. */
function handlersByOperationId(app: INestApplication) {
  const handlers = new Map<string, { controller: Type; method: (...args: unknown[]) => unknown }>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const method = prototype[name];
        if (name !== 'constructor' && typeof method === 'function') {
          handlers.set(`${controller.name}_${name}`, { controller, method: method as (...args: unknown[]) => unknown });
        }
      }
    }
  }
  return handlers;
}

type Schemas = Record<string, SchemaObject>;

/** The contract schemas the operations refer to, and those they refer to in turn. */
function usedContracts(document: OpenAPIObject): Schemas {
  const all = contractSchemas as unknown as Schemas;
  const used: Schemas = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        const name = inner.replace('#/components/schemas/', '');
        if (all[name] && !used[name]) {
          used[name] = all[name];
          visit(all[name]);
        }
      } else visit(inner);
    }
  };
  visit(document.paths);
  return used;
}
