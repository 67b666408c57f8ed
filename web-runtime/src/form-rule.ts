/**
 * The one bridge from the contracts' zod schemas to antd Form rules, so every form shows exactly
 * the SPEC's messages (one source of truth) instead of retyped antd rules. Used by mf-account and
 * mf-publish. A web-only module (antd types): it belongs with the web runtime, not the pure
 * contracts the API imports (issue 24).
 */
import type { Rule } from 'antd/es/form';
import type { ZodType } from 'zod';

/** The first message the schema reports for `field`, validating the whole form (cross-field rules included). */
function fieldError(schema: ZodType, values: Record<string, unknown>, field: string): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

/** An antd rule for one field: the schema's first message for it, checked against the whole form. */
export function zodRule(schema: ZodType, field: string): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const error = fieldError(schema, getFieldsValue(true) as Record<string, unknown>, field);
      if (error) throw new Error(error);
    },
  });
}
