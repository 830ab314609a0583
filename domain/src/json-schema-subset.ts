/**
 * A validator for the small part of JSON Schema (draft 2020-12) that gstr1.schema.json uses
 * (issue 41): type, properties, required, additionalProperties: false, items, enum, const,
 * pattern, minLength, maxLength, minimum, maximum, multipleOf (to 0.01, checked in
 * integer hundredths) and local $ref to $defs. Anything else in a schema is refused, so the
 * schema cannot silently ask for more than is checked. No package: decision 0039.
 */
export type JsonSchema = {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  $defs?: Record<string, JsonSchema>;
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: (string | number)[];
  const?: string | number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
};

const KNOWN = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  '$defs',
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'multipleOf',
]);

/** Where the value breaks the schema: one message per problem, '' path for the root. */
export function validateJsonSchema(schema: JsonSchema, value: unknown): string[] {
  const problems: string[] = [];
  const root = schema;
  const check = (s: JsonSchema, v: unknown, path: string): void => {
    for (const key of Object.keys(s)) if (!KNOWN.has(key)) throw new Error(`json-schema-subset does not know '${key}' (at ${path || '/'})`);
    if (s.$ref) {
      const name = /^#\/\$defs\/(.+)$/.exec(s.$ref)?.[1];
      const target = name ? root.$defs?.[name] : undefined;
      if (!target) throw new Error(`Unknown $ref ${s.$ref}`);
      check(target, v, path);
      return;
    }
    const at = path || '/';
    if (s.type === 'object') {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return void problems.push(`${at}: must be an object`);
      const o = v as Record<string, unknown>;
      for (const r of s.required ?? []) if (!(r in o)) problems.push(`${at}: '${r}' is required`);
      for (const [k, child] of Object.entries(o)) {
        const sub = s.properties?.[k];
        if (sub) check(sub, child, `${path}/${k}`);
        else if (s.additionalProperties === false) problems.push(`${at}: '${k}' is not allowed`);
      }
    } else if (s.type === 'array') {
      if (!Array.isArray(v)) return void problems.push(`${at}: must be an array`);
      if (s.items) v.forEach((item, i) => check(s.items as JsonSchema, item, `${path}/${i}`));
    } else if (s.type === 'string') {
      if (typeof v !== 'string') return void problems.push(`${at}: must be a string`);
      if (s.minLength !== undefined && v.length < s.minLength) problems.push(`${at}: shorter than ${s.minLength}`);
      if (s.maxLength !== undefined && v.length > s.maxLength) problems.push(`${at}: longer than ${s.maxLength}`);
      if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v)) problems.push(`${at}: does not match ${s.pattern}`);
    } else if (s.type === 'number' || s.type === 'integer') {
      if (typeof v !== 'number' || !Number.isFinite(v)) return void problems.push(`${at}: must be a number`);
      if (s.type === 'integer' && !Number.isInteger(v)) problems.push(`${at}: must be a whole number`);
      if (s.minimum !== undefined && v < s.minimum) problems.push(`${at}: below ${s.minimum}`);
      if (s.maximum !== undefined && v > s.maximum) problems.push(`${at}: above ${s.maximum}`);
      if (s.multipleOf !== undefined) {
        const steps = v / s.multipleOf;
        if (Math.abs(steps - Math.round(steps)) > 1e-6) problems.push(`${at}: not a multiple of ${s.multipleOf}`);
      }
    } else if (s.type === 'boolean') {
      if (typeof v !== 'boolean') problems.push(`${at}: must be true or false`);
    }
    if (s.enum && !s.enum.includes(v as string | number)) problems.push(`${at}: must be one of ${s.enum.join(', ')}`);
    if (s.const !== undefined && v !== s.const) problems.push(`${at}: must be ${String(s.const)}`);
  };
  check(schema, value, '');
  return problems;
}
