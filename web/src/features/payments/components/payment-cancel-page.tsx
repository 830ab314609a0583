import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export default function PaymentCancelPage() {
  return (
    <Container size={560} py={{ base: 'lg', sm: 64 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon color="orange" size={64} radius="xl" variant="light">
            <IconCircleX size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Payment Cancelled
          </Title>
          <Text c="dimmed">No money was taken. Your cart still has your items, so you can try again whenever you are ready.</Text>
          <Group>
            <Button component={Link} to="/cart" variant="default">
              Return to Cart
            </Button>
            <Button component={Link} to="/cart">
              Try Again
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
