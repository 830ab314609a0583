import { Container, Text, Title } from '@mantine/core';

/** A screen that a later change builds out; it keeps every route of the spec reachable. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This page is on its way.
      </Text>
    </Container>
  );
}
