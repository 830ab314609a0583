import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';

type InputProps = Omit<TextInputProps, 'label'>;

/** First and last name side by side (stacked on phones), as registration and the profile ask. */
export function NameInputs({ firstname, lastname }: { firstname: InputProps; lastname: InputProps }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput label="First name" autoComplete="given-name" withAsterisk {...firstname} />
      <TextInput label="Last name" autoComplete="family-name" withAsterisk {...lastname} />
    </SimpleGrid>
  );
}

/** A 10-digit Indian mobile number: the numeric keypad on phones, the national number autofilled. */
export function PhoneInput(props: InputProps) {
  return (
    <TextInput label="Phone number" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} withAsterisk {...props} />
  );
}
