/**
 * antd Form rules backed by the shared-contracts zod schemas, so a form shows exactly the
 * SPEC's messages (one source of truth) instead of retyped antd rules.
 */
import type { Rule } from 'antd/es/form';
import type { ZodType } from 'zod';

/** The first message the schema reports for `field`, validating the whole form (cross-field rules included). */
export function fieldError(schema: ZodType, values: Record<string, unknown>, field: string): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

export function zodRule(schema: ZodType, field: string): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const error = fieldError(schema, getFieldsValue(true) as Record<string, unknown>, field);
      if (error) throw new Error(error);
    },
  });
}
