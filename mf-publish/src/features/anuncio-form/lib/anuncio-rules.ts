import type { Rule } from 'antd/es/form';
import { anuncioSchema, firstError } from 'shared-contracts/schemas';

type Field = keyof typeof anuncioSchema.shape;

/** An antd rule that checks one field with the shared schema, so the form shows the SPEC §5 messages the API would answer. */
export function schemaRule(field: Field): Rule {
  return {
    validator: async (_rule, value) => {
      const result = anuncioSchema.shape[field].safeParse(value);
      if (!result.success) throw new Error(firstError(result.error));
    },
  };
}
