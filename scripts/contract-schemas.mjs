// Writes the JSON schemas of the API's bodies, generated from the TypeScript contracts in libs/contracts, to
// backend/src/openapi/contract-schemas.json: the OpenAPI document's response schemas (no second copy by hand).
// `--check` only compares: it exits 1 when the file is not what the contracts give (a unit test runs it).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { createGenerator } from 'ts-json-schema-generator';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'backend/src/openapi/contract-schemas.json');

/**
 * The contract types the API answers with (their parts are included as they are referenced), and the request
 * bodies that the DTOs implement (request-contracts.spec.ts compares them; the document describes requests by
 * the DTOs, whose validation rules it shows too).
 */
const ROOTS = [
  'LoginRequest',
  'RegisterRequest',
  'ChangePasswordRequest',
  'UpdateProfileRequest',
  'ResetCustomerPasswordRequest',
  'ResetProviderPasswordRequest',
  'CreateEventRequest',
  'UpdateEventRequest',
  'CustomerAccessRequest',
  'UpdateMemoryRequest',
  'MessageSubmissionRequest',
  'PhotoSubmissionFields',
  'DrawingSubmissionRequest',
  'CreatePaymentIntentRequest',
  'AdjustCreditsRequest',
  'ListTransactionsRequest',
  'ListProvidersRequest',
  'ListAdminEventsRequest',
  'ProviderVerificationRequest',
  'ProviderVerificationResponse',
  'ProviderRetentionRequest',
  'ProviderRetentionResponse',
  'AdminEventsResponse',
  'PasswordResetRequest',
  'PasswordResetBody',
  'ScreenControlsChange',
  'CustomerPermissionsRequest',
  'BulkModerationRequest',
  'MyMemoriesRequest',
  'ModerationKeywordsRequest',
  'HeartRequest',
  'ApiErrorBody',
  'SuccessResponse',
  'LivenessResponse',
  'SettingsResponse',
  'UserResponse',
  'ProfileResponse',
  'PublicEventResponse',
  'EventByCodeResponse',
  'HostEventResponse',
  'UpdatedEventResponse',
  'HostEventsResponse',
  'CreateEventResponse',
  'AddCustomerResponse',
  'EventCustomersResponse',
  'FeaturedImageResponse',
  'EventMemoriesResponse',
  'HostMemoriesResponse',
  'HostMemoryResponse',
  'HeartResponse',
  'SubmissionResponse',
  'CreditPacksResponse',
  'CreatePaymentIntentResponse',
  'CreditsSummaryResponse',
  'ServiceProvidersResponse',
  'ServiceProviderResponse',
  'ServiceProviderEventsResponse',
  'AdminTransactionsResponse',
  'AdjustCreditsResponse',
  'BillingSummary',
  'WebhookReceivedResponse',
  'ReadinessResponse',
  'NotReadyResponse',
  'PasswordResetRequestedResponse',
  'ScreenControlsResponse',
  'EventStatsResponse',
  'EventCustomerResponse',
  'KeepsakesResponse',
  'KeepsakeLink',
  'ModerationCapabilities',
  'QueuesResponse',
  'OutboxMailResponse',
  'BulkModerationResponse',
  'ModerationKeywordsResponse',
  'MyMemoriesResponse',
];

/**
 * JSON Schema (draft 7, as generated) to the OpenAPI 3.0 dialect that @nestjs/swagger writes: `null` as
 * `nullable`, `const` as a one-value enum, references under components/schemas.
 */
function toOpenApi(schema) {
  if (Array.isArray(schema)) return schema.map(toOpenApi);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') out.$ref = value.replace('#/definitions/', '#/components/schemas/');
    else if (key === 'const') out.enum = [value];
    else if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toOpenApi(v)]));
    else out[key] = toOpenApi(value);
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((type) => type !== 'null');
    if (types.length !== out.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type) => ({ type }));
    }
  }
  if (out.enum?.includes(null)) {
    out.enum = out.enum.filter((value) => value !== null);
    out.nullable = true;
  }
  for (const combiner of ['anyOf', 'oneOf']) {
    const options = out[combiner];
    if (!options?.some((option) => option.type === 'null' && Object.keys(option).length === 1)) continue;
    const rest = options.filter((option) => !(option.type === 'null' && Object.keys(option).length === 1));
    delete out[combiner];
    // OpenAPI 3.0 ignores `nullable` beside a lone $ref, so the reference goes into an allOf.
    Object.assign(out, rest.length === 1 ? (rest[0].$ref ? { allOf: rest } : rest[0]) : { [combiner]: rest }, {
      nullable: true,
    });
  }
  return out;
}

/** A nullable reference names its type too (OpenAPI 3.0 reads `nullable` only beside a `type`). */
function typeNullableReferences(schema, schemas) {
  if (!schema || typeof schema !== 'object') return;
  if (schema.nullable && !schema.type && schema.allOf?.length === 1) {
    schema.type = schemas[schema.allOf[0].$ref.replace('#/components/schemas/', '')].type;
  }
  Object.values(schema).forEach((value) => typeNullableReferences(value, schemas));
}

export async function contractSchemas() {
  const generator = createGenerator({
    path: join(root, 'libs/contracts/src/index.ts'),
    // The generator brings its own TypeScript; the project's tsconfig names options only a newer one knows.
    skipTypeCheck: true,
    expose: 'export',
    topRef: true,
    jsDoc: 'basic',
    additionalProperties: false,
  });
  const definitions = {};
  for (const name of ROOTS) Object.assign(definitions, generator.createSchema(name).definitions);
  const schemas = Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((name) => [name, toOpenApi(definitions[name])]),
  );
  typeNullableReferences(schemas, schemas);
  const text = JSON.stringify(schemas, null, 2);
  return prettier.format(text, { ...(await prettier.resolveConfig(target)), filepath: target });
}

const text = await contractSchemas();
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(`${target} is not what libs/contracts gives: run node scripts/contract-schemas.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
