import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registry } from '../tools/registry';
import { pathParams } from '../tools/define';
import { inputJsonSchema, outputJsonSchema } from '../rest-adapter/json-schema';
import { PUBLIC_OPERATIONS, SPEC_OPERATIONS } from './spec-operations';

// Invariants every tool definition must keep; a broken one fails here, not in a client.
const specByName = new Map(SPEC_OPERATIONS.map((o) => [o.name, o]));
const toSpecPath = (p: string) => p.replace(/:([A-Za-z_]\w*)/g, '{$1}');

// Walks a JSON Schema and returns the paths of properties that carry no description.
function undescribed(schema: any, at = ''): string[] {
  const out: string[] = [];
  for (const [key, prop] of Object.entries<any>(schema?.properties ?? {})) {
    const here = at ? `${at}.${key}` : key;
    if (!prop.description) out.push(here);
  }
  return out;
}

describe('tool registry contract', () => {
  it('implements every public operation of the spec', () => {
    const names = registry.map((t) => t.name);
    for (const name of PUBLIC_OPERATIONS) expect(names).toContain(name);
  });

  it('has unique names that are operation ids of the spec, in the spec order', () => {
    const names = registry.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(specByName.has(n), `${n} is not a spec operation id`).toBe(true);
    const specOrder = SPEC_OPERATIONS.map((o) => o.name).filter((n) => names.includes(n));
    expect(names).toEqual(specOrder);
  });

  for (const tool of registry) {
    describe(tool.name, () => {
      const spec = specByName.get(tool.name)!;

      it('matches the spec method, path, scope, status and idempotency', () => {
        expect(tool.http.method).toBe(spec.method);
        expect(toSpecPath(tool.http.path)).toBe(spec.path);
        expect(tool.scope).toBe(spec.scope);
        expect(tool.http.status ?? 200).toBe(spec.status);
        expect(!!tool.http.idempotencyKey).toBe(!!spec.idempotent);
      });

      it('is read-only exactly when it is a GET', () => {
        expect(tool.annotations.readOnlyHint).toBe(tool.http.method === 'GET');
        if (tool.http.method === 'DELETE') expect(tool.annotations.destructiveHint).toBe(true);
      });

      it('has a verb-first description and a title', () => {
        expect(tool.title.length).toBeGreaterThan(2);
        expect(tool.description.length).toBeGreaterThan(40);
        expect(tool.description).toMatch(/^[A-Z][a-z]+\b/);
      });

      it('takes a strict input whose every field is described and holds the path params', () => {
        const schema = inputJsonSchema(tool);
        expect(schema.type).toBe('object');
        expect(schema.additionalProperties).toBe(false);
        expect(undescribed(schema)).toEqual([]);
        for (const p of pathParams(tool)) {
          expect(Object.keys(schema.properties ?? {})).toContain(p);
          expect(schema.required ?? []).toContain(p);
        }
      });

      it('declares an object output whose top-level fields are described', () => {
        const schema = outputJsonSchema(tool);
        expect(schema.type).toBe('object');
        expect(undescribed(schema)).toEqual([]);
      });

      it('rejects unknown properties', () => {
        const r = tool.input.safeParse({ __unknown_property__: 1 });
        expect(r.success).toBe(false);
        const issues = (r as { error: z.ZodError }).error.issues;
        expect(issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
      });
    });
  }
});
