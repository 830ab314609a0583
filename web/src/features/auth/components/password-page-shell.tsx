import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PasswordPageShell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Container size={460} py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="sm" mt={4}>
                {intro}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
