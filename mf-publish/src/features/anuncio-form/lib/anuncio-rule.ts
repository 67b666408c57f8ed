import { anuncioSchema } from 'shared-contracts/schemas';
import { zodRule } from 'web-runtime/form-rule';

/** The SPEC §5 (and issue 42) message of one field, from the schema the API checks too. */
export const anuncioRule = (field: keyof typeof anuncioSchema.shape) => [zodRule(anuncioSchema, field)];
