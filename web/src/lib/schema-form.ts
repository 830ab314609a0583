import { schemaResolver, useForm } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A Mantine form checked by the same zod schema the API parses with (domain/), so a shopper
 * sees the server's messages before anything is sent. Fields are checked on blur unless
 * `validateInputOnBlur: false` (forms that only check on submit).
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: Schema,
  initialValues: Values,
  options: { validateInputOnBlur?: boolean } = {},
) {
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: options.validateInputOnBlur ?? true,
  });
}
