/**
 * The service's published OpenAPI documents (spec/published/*.yaml), loaded and compiled once per
 * version: its operations (method, path template, parameters, request body, responses) and a
 * JSON-Schema validator for any schema in the document, addressed by JSON pointer. The documents
 * declare OpenAPI 3.1, whose schemas are JSON Schema 2020-12 (plus the 3.0 keywords `nullable`
 * and `example`, which Ajv honours or ignores), so Ajv's 2020 dialect validates them as written.
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 * @see https://ajv.js.org/json-schema.html#draft-2020-12
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export const SPEC_VERSIONS = ['2025-12', '2026-04'] as const;
export type SpecVersion = (typeof SPEC_VERSIONS)[number];

/** Where a validation issue sits, FastAPI style: `['body', 'tags']`, `['query', 'limit']`, `['docs', 0, 'doc_id']`. */
export type Loc = Array<string | number>;

/** One schema violation, in the shape of a FastAPI validation error item. */
export interface SchemaIssue {
  loc: Loc;
  msg: string;
  type: string;
}

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON pointer (within the document) of the parameter's schema. */
  schema: string;
}

export interface ResponseSpec {
  /** JSON pointer of the application/json schema, when the response has one. */
  json?: string;
  /** JSON pointer of the text/event-stream schema (one event), when the response streams. */
  eventStream?: string;
  /** Header names the response documents. */
  headers: string[];
}

export interface OperationSpec {
  method: string;
  /** Path template as the document writes it, e.g. `/v1/docs/{doc_id}`. */
  template: string;
  operationId: string;
  parameters: ParameterSpec[];
  /** The body's schema; `multipart` for a form (multipart/form-data), JSON otherwise. */
  requestBody?: { required: boolean; schema: string; multipart?: boolean };
  /** By status code ('200', '400', '422', …). */
  responses: Record<string, ResponseSpec>;
}

export interface OperationMatch {
  operation: OperationSpec;
  /** Path parameters, still as text. */
  pathParams: Record<string, string>;
}

export interface PublishedSpec {
  version: SpecVersion;
  /** The parsed document. */
  document: OpenApiDocument;
  operations: OperationSpec[];
  /** The operation this method and concrete path address; `pathKnown` tells a wrong method from an unknown path. */
  match(method: string, path: string): OperationMatch | { operation?: undefined; pathKnown: boolean };
  /** Issues of `value` against the schema at `pointer` (e.g. `#/components/schemas/OAIDoc`); [] when it conforms. */
  validate(pointer: string, value: unknown): SchemaIssue[];
  /** The schema object at `pointer`, `$ref`s followed. */
  resolve(pointer: string): SchemaObject;
}

export type SchemaObject = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  type?: string | string[];
};

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, SchemaObject> };
}

interface RawOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: ParameterSpec['in']; required?: boolean; schema?: unknown }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export const componentPointer = (name: string): string => `#/components/schemas/${name}`;

export function publishedSpecFile(version: SpecVersion): URL {
  return new URL(`../../../spec/published/published-openapi-${version}.yaml`, import.meta.url);
}

const cache = new Map<SpecVersion, PublishedSpec>();

/** Loads (once per process) and compiles the published document of `version`. */
export function loadPublishedSpec(version: SpecVersion): PublishedSpec {
  const cached = cache.get(version);
  if (cached) return cached;
  const document = parse(readFileSync(publishedSpecFile(version), 'utf8')) as OpenApiDocument;
  if (!/^3\.1\./.test(document.openapi)) throw new Error(`published schema ${version} declares OpenAPI ${document.openapi}, not 3.1`);
  const spec = compileSpec(version, document);
  cache.set(version, spec);
  return spec;
}

function compileSpec(version: SpecVersion, document: OpenApiDocument): PublishedSpec {
  const id = `published-openapi-${version}`;
  // strict: false — the document mixes in OpenAPI's own keywords (example, discriminator, …);
  // validateSchema: false — 2025-12 writes one `examples` as an object, which 2020-12's
  // meta-schema refuses, though validation itself never reads it.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  // The whole document is one schema resource, so `#/components/…` refs resolve inside it and
  // any location (an inline response schema too) is addressable by JSON pointer.
  ajv.addSchema(document as unknown as Record<string, unknown>, id);

  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (pointer: string): ValidateFunction => {
    let v = validators.get(pointer);
    if (!v) {
      v = ajv.compile({ $ref: `${id}${pointer}` });
      validators.set(pointer, v);
    }
    return v;
  };

  const operations = collectOperations(document);
  const matchers = operations.map((op) => ({ op, ...templateMatcher(op.template) }));

  const resolve = (pointer: string): SchemaObject => {
    let node: unknown = document;
    for (const part of pointer.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[unescapePointer(part)];
    const schema = node as SchemaObject;
    return typeof schema?.$ref === 'string' ? resolve(schema.$ref) : schema;
  };

  return {
    version,
    document,
    operations,
    match(method, path) {
      const found = matchers
        .map((m) => ({ m, groups: m.regex.exec(path) }))
        .filter((x) => x.groups !== null)
        // A literal segment wins over a parameter: /v1/docs/folder/create before /v1/docs/{doc_id}.
        .sort((a, b) => b.m.literalSegments - a.m.literalSegments);
      const hit = found.find((x) => x.m.op.method === method.toUpperCase());
      if (!hit?.groups) return { pathKnown: found.length > 0 };
      const pathParams: Record<string, string> = {};
      hit.m.keys.forEach((key, i) => {
        pathParams[key] = decodeURIComponent(hit.groups?.[i + 1] ?? '');
      });
      return { operation: hit.m.op, pathParams };
    },
    validate(pointer, value) {
      const v = validatorFor(pointer);
      return v(value) ? [] : (v.errors ?? []).map(issueOf);
    },
    resolve,
  };
}

function collectOperations(document: OpenApiDocument): OperationSpec[] {
  const out: OperationSpec[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const base = `#/paths/${escapePointer(template)}/${method}`;
      const responses: Record<string, ResponseSpec> = {};
      for (const [status, r] of Object.entries(raw.responses ?? {})) {
        const content = r.content ?? {};
        responses[status] = {
          ...(content['application/json']?.schema ? { json: `${base}/responses/${status}/content/application~1json/schema` } : {}),
          ...(content['text/event-stream']?.schema ? { eventStream: `${base}/responses/${status}/content/text~1event-stream/schema` } : {}),
          headers: Object.keys(r.headers ?? {}),
        };
      }
      const jsonBody = raw.requestBody?.content?.['application/json'];
      const formBody = raw.requestBody?.content?.['multipart/form-data'];
      const required = raw.requestBody?.required === true;
      out.push({
        method: method.toUpperCase(),
        template,
        operationId: raw.operationId ?? `${method} ${template}`,
        parameters: (raw.parameters ?? []).map((p, i) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          schema: `${base}/parameters/${i}/schema`,
        })),
        ...(jsonBody?.schema ? { requestBody: { required, schema: `${base}/requestBody/content/application~1json/schema` } } : {}),
        ...(formBody?.schema
          ? { requestBody: { required, schema: `${base}/requestBody/content/multipart~1form-data/schema`, multipart: true } }
          : {}),
        responses,
      });
    }
  }
  return out;
}

function templateMatcher(template: string): { regex: RegExp; keys: string[]; literalSegments: number } {
  const keys: string[] = [];
  let literalSegments = 0;
  const source = template
    .split('/')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param?.[1]) {
        keys.push(param[1]);
        return '([^/]+)';
      }
      if (segment !== '') literalSegments += 1;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), keys, literalSegments };
}

const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** An Ajv error as a FastAPI-style item, so a refused request can be answered as the real service would. */
function issueOf(e: ErrorObject): SchemaIssue {
  const loc: Loc = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : unescapePointer(p)));
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { loc: [...loc, String(params.missingProperty)], msg: 'Field required', type: 'missing' };
    case 'type':
      return { loc, msg: `Input should be a valid ${String(params.type)}`, type: `${String(params.type)}_type` };
    case 'enum':
      return {
        loc,
        msg: `Input should be ${(params.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ')}`,
        type: 'enum',
      };
    case 'maximum':
      return { loc, msg: `Input should be less than or equal to ${String(params.limit)}`, type: 'less_than_equal' };
    case 'minimum':
      return { loc, msg: `Input should be greater than or equal to ${String(params.limit)}`, type: 'greater_than_equal' };
    default:
      return { loc, msg: e.message ?? e.keyword, type: e.keyword };
  }
}
