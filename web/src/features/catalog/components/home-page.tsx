import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export default function HomePage() {
  return (
    <Container size="xl" py={64}>
      <Stack gap="md" maw={640}>
        <Title order={1} tt="uppercase">
          From Office to Adventure
        </Title>
        <Title order={2} tt="uppercase" c="blue.7">
          We&apos;ve Got Your Back
        </Title>
        <Text c="dimmed" size="lg">
          Luggage, backpacks and duffles with free shipping across India and a lifetime warranty.
        </Text>
        <Button component={Link} to="/luggage" size="md" w="fit-content">
          Shop Luggage
        </Button>
      </Stack>
    </Container>
  );
}
