import { GRIEVANCE_PROMISE } from '@bagshop/domain';
import { Anchor, Button, Center, Container, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { sellerAddressLines } from '../../../components/seller-contact';
import { useSeller } from '../../../components/sold-by';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  );
}

/** /seller: who sells on Bagshop, as the Consumer Protection (E-Commerce) Rules 2020 ask. */
export default function SellerPage() {
  const seller = useSeller();
  return (
    <Container size="md" py={{ base: 'xl', md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Seller information</Title>
          <Text fz="lg" c="gray.8" mt="xs">
            Every bag on Bagshop is sold and shipped by one seller.
          </Text>
        </div>
        {!seller ? (
          <Center py="xl">
            <Loader aria-label="Loading the seller information" />
          </Center>
        ) : (
          <>
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="seller-heading">
              <Title order={2} fz="xl" id="seller-heading" mb="md">
                The seller
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Field label="Legal name">{seller.legalName}</Field>
                <Field label="GSTIN">{seller.gstin}</Field>
                <Field label="Registered address">
                  {sellerAddressLines(seller).map((line) => (
                    <span key={line} style={{ display: 'block' }}>
                      {line}
                    </span>
                  ))}
                </Field>
                <Field label="Contact">
                  <Anchor href={`mailto:${seller.email}`} c="blue.8" inherit style={{ display: 'block' }}>
                    {seller.email}
                  </Anchor>
                  <Anchor href={`tel:${seller.phone.replace(/\s/g, '')}`} c="blue.8" inherit>
                    {seller.phone}
                  </Anchor>
                </Field>
              </SimpleGrid>
            </Paper>
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="officer-heading">
              <Title order={2} fz="xl" id="officer-heading" mb="md">
                Grievance officer
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Field label="Name">
                  {seller.grievanceOfficer.name}, {seller.grievanceOfficer.designation}
                </Field>
                <Field label="Contact">
                  <Anchor href={`mailto:${seller.grievanceOfficer.email}`} c="blue.8" inherit style={{ display: 'block' }}>
                    {seller.grievanceOfficer.email}
                  </Anchor>
                  <Anchor href={`tel:${seller.grievanceOfficer.phone.replace(/\s/g, '')}`} c="blue.8" inherit>
                    {seller.grievanceOfficer.phone}
                  </Anchor>
                </Field>
              </SimpleGrid>
              <Text mt="md">{GRIEVANCE_PROMISE}</Text>
              <Button component={Link} to="/grievance" mt="md">
                Make a complaint
              </Button>
            </Paper>
          </>
        )}
        <Text size="sm" c="gray.7">
          Prices are the maximum retail price (MRP) or less and include all taxes. Each product page names the bag&apos;s country of origin.
          See our{' '}
          <Anchor component={Link} to="/returns" c="blue.8" inherit underline="always">
            returns
          </Anchor>
          ,{' '}
          <Anchor component={Link} to="/refunds" c="blue.8" inherit underline="always">
            refund
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/cancellation" c="blue.8" inherit underline="always">
            cancellation
          </Anchor>{' '}
          policies.
        </Text>
      </Stack>
    </Container>
  );
}
