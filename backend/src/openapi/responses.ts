import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type contractSchemas from './contract-schemas.json';

/** The security scheme of the session cookie. */
export const SESSION_SCHEME = 'session';

/** A body type of libs/contracts whose schema is generated (scripts/contract-schemas.mjs). */
export type ContractSchema = keyof typeof contractSchemas;

export const schemaRef = (name: ContractSchema) => ({ $ref: `#/components/schemas/${name}` });

/** What each refusal means, whatever the route: the body is always an ApiErrorBody with the reason. */
const REFUSALS: Record<number, string> = {
  400: 'Invalid request: `message` names the first problem, `fields` each field',
  401: 'Not signed in',
  403: 'Signed in, but not allowed this (role, ownership or permission), or a foreign Origin',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with what is stored',
  410: 'Gone: the link expired (ask for a new one), or the upload was removed',
  413: 'The body or file is too large',
  414: 'A path parameter is longer than any the API makes',
  429: 'Too many requests: wait the seconds in Retry-After',
  500: 'Failed on our side (a store it depends on was unreachable); the body says no more',
  502: 'A provider this depends on could not be reached',
  503: 'Not available right now',
};

/** The route answers `status` with the contract type `schema`. */
export const Answers = (status: number, schema: ContractSchema, description = 'Done') =>
  ApiResponse({ status, description, schema: schemaRef(schema) });

/** Refusals the route makes beyond those every route of its kind makes (openapi-document.ts adds those). */
export const Refuses = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: REFUSALS[status], schema: schemaRef('ApiErrorBody') }),
    ),
  );

export const refusal = (status: number) => ({
  description: REFUSALS[status],
  content: { 'application/json': { schema: schemaRef('ApiErrorBody') } },
});

/**
 * Refusals of a tus route (video uploads): those made before tus sees the request are JSON; tus writes its
 * own (and ours made inside it) as text/plain, still holding an ApiErrorBody's JSON, bar 412's bare text.
 */
export const RefusesTus = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: REFUSALS[status] ?? 'Tus-Resumable 1.0.0 is required',
        content: {
          'application/json': { schema: schemaRef('ApiErrorBody') },
          'text/plain': { schema: { type: 'string', description: "An ApiErrorBody's JSON (412: a line of text)" } },
        },
      }),
    ),
  );

/** A route that answers with a file: whole (200), or the part a Range asks for (206), or 416 beyond its end. */
export const AnswersFile = (types: string[]) =>
  applyDecorators(
    ...[200, 206].map((status) =>
      ApiResponse({
        status,
        description: status === 200 ? 'The file' : 'The part of the file the Range header asked for',
        content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
      }),
    ),
    ApiResponse({ status: 304, description: 'Not changed since the If-None-Match ETag' }),
    ApiResponse({
      status: 416,
      description: 'The Range lies beyond the end of the file (Content-Range names its size); no body',
    }),
  );

/** A route that answers with an image (a processed rendition). */
export const AnswersImage = () =>
  ApiResponse({
    status: 200,
    description: 'The image',
    content: Object.fromEntries(
      ['image/webp', 'image/png', 'image/jpeg', 'image/gif'].map((type) => [
        type,
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  });
