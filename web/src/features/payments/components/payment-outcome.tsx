import { Container, Group, Paper, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The card every payment page shows its outcome in. */
export function PaymentCard({ children }: { children: ReactNode }) {
  return (
    <Container size={560} py={{ base: 'lg', sm: 64 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
    </Container>
  );
}

interface PaymentOutcomeProps {
  color: MantineColor;
  icon: Icon;
  title: string;
  text: ReactNode;
  /** Announce it to screen readers when it replaces another state (polling). */
  live?: boolean;
  /** The buttons. */
  children: ReactNode;
}

/** One outcome: icon, heading, what it means for the shopper, and where to go next. */
export function PaymentOutcome({ color, icon: OutcomeIcon, title, text, live = false, children }: PaymentOutcomeProps) {
  return (
    <Stack align="center" gap="md" ta="center" aria-live={live ? 'polite' : undefined}>
      <ThemeIcon color={color} size={64} radius="xl" variant="light">
        <OutcomeIcon size={40} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      <Group justify="center">{children}</Group>
    </Stack>
  );
}
