import { Center, Loader } from '@mantine/core';

export function RouteLoader() {
  return (
    <Center py={120} aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
