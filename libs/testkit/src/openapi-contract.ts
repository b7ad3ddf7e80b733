import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};

interface Route {
  template: string;
  pattern: RegExp;
}

function routePattern(template: string, slashesInLast: boolean): RegExp {
  const last = slashesInLast ? template.replace(/\{[^}]+\}$/, '(.+)') : template;
  return new RegExp(`^${last.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
}

/**
 * OpenAPI 3.0's `nullable` read as the document's readers (client generators) read it: null, or what the
 * rest of the schema says, also where the rest is a reference in an allOf.
 */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const converted = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' ? (value as string).replace('#/components/', 'openapi#/components/') : asJsonSchema(value),
    ]),
  );
  if (converted.nullable !== true) return converted;
  delete converted.nullable;
  return { anyOf: [{ type: 'null' }, converted] };
}

/**
 * The app's own OpenAPI document, used to check real answers against it: an answer whose status the
 * operation does not list, or whose JSON body does not fit the listed schema, is a document that drifted
 * from the code (or the other way round). Paths the document does not describe (the live socket, the SPA's
 * pages) are not checked.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<object, ValidateFunction>();
  private readonly routes: Route[];

  constructor(private readonly document: Document) {
    addFormats(this.ajv);
    this.ajv.addSchema(asJsonSchema({ components: document.components }) as object, 'openapi');
    // Literal segments win over parameters (/events/public/{id} before /events/{id}/customer).
    const byParams = Object.keys(document.paths)
      .map((template) => ({ template, params: (template.match(/\{[^}]+\}/g) ?? []).length }))
      .sort((a, b) => a.params - b.params);
    this.routes = [
      ...byParams.map(({ template }) => ({ template, pattern: routePattern(template, false) })),
      // Only then may a last parameter hold slashes (the media route's image key).
      ...byParams.map(({ template }) => ({ template, pattern: routePattern(template, true) })),
    ];
  }

  /** Problems of one answer, as sentences; empty when it is what the document says. */
  problems(method: string, url: string, status: number, contentType: string | null, body: unknown): string[] {
    const path = new URL(url, 'http://x').pathname;
    const route = this.routes.find((r) => r.pattern.test(path));
    const operation = route && this.document.paths[route.template][method.toLowerCase()];
    if (!route || !operation) return [];
    const name = `${method.toUpperCase()} ${route.template}`;
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) return [`${name} answered ${status}, which its OpenAPI operation does not list`];
    const media = contentType?.split(';')[0].trim() ?? '';
    // A 304 and any answer to HEAD carry no body, whatever their headers say.
    if (!response.content || status === 304 || method.toUpperCase() === 'HEAD') return [];
    const content = response.content[media];
    if (!content)
      return [
        `${name} answered ${status} as ${media || 'nothing'}, but the document says ${Object.keys(response.content).join(', ')}`,
      ];
    if (media !== 'application/json' || !content.schema) return [];
    const validate = this.validatorOf(content.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${name} ${status}: body${e.instancePath} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
    );
  }

  private validatorOf(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      // References point into the document (#/components/schemas/X): they are resolved against it.
      validate = this.ajv.compile(asJsonSchema(schema) as object);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

const contracts = new Map<string, Promise<OpenApiContract>>();

/**
 * The document that the API at baseUrl serves, fetched once per address; null while it cannot be had (an
 * instance a test stopped on purpose), so that such an answer goes unchecked rather than wrongly refused.
 */
export async function contractOf(baseUrl: string): Promise<OpenApiContract | null> {
  let contract = contracts.get(baseUrl);
  if (!contract) {
    contract = fetch(`${baseUrl}/api/docs-json`)
      .then((response) => response.json() as Promise<Document>)
      .then((document) => new OpenApiContract(document));
    contracts.set(baseUrl, contract);
  }
  try {
    return await contract;
  } catch {
    contracts.delete(baseUrl);
    return null;
  }
}
