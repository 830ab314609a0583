import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { WarrantyList } from './warranty-panel';

/** /warranty/claims: every bag the shopper has under warranty and each claim's timeline (docs/warranty.md). */
export default function WarrantyClaimsPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>Warranty claims</Title>
          <Text c="gray.8">
            Your bags under warranty and your claims.{' '}
            <Anchor component={Link} to="/warranty" c="blue.8" underline="always">
              What the warranty covers
            </Anchor>
          </Text>
        </div>
        <WarrantyList title="Your bags and claims" />
      </Stack>
    </Container>
  );
}
