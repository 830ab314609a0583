import { PRIVACY_NOTICE_VERSION } from '@bagshop/domain';
import { Anchor, Container, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSeller } from '../../../components/sold-by';

const COLLECTED: [string, string, string][] = [
  [
    'Name, email, password (stored by Firebase Auth, never by us in plain text)',
    'To run your account and tell you about your orders',
    'Until you delete your account',
  ],
  [
    'Phone number (verified by a one-time code)',
    'Cash on delivery and the courier calling you about a delivery',
    'Until you delete your account',
  ],
  ['Delivery addresses', 'To deliver your orders; the state decides the GST on the invoice', 'Until you delete them or your account'],
  ['Cart', 'To keep what you chose between visits', 'Until you order, remove it or delete your account'],
  [
    'Orders and tax invoices',
    'To sell and deliver, and because GST law requires invoices to be kept',
    '8 years from the end of the financial year (CGST Act, section 36); after an erasure under a pseudonym',
  ],
  ['Complaints (grievance tickets)', 'To answer and resolve them', '3 years after they are closed'],
  ['Marketing consent, if you give it', 'To email you offers and new arrivals', 'Until you withdraw it'],
];

/** /privacy: the notice of the Digital Personal Data Protection Act, 2023 (docs/accounts-privacy.md). */
export default function PrivacyPage() {
  const seller = useSeller();
  return (
    <Container size="md" py={{ base: 'xl', md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Privacy notice</Title>
          <Text c="gray.7" mt="xs">
            Version {PRIVACY_NOTICE_VERSION}. {seller ? seller.legalName : 'The seller'} (the data fiduciary) processes your personal data
            to sell and deliver bags to you, as described here.
          </Text>
        </div>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="collected-heading">
          <Title order={2} fz="xl" id="collected-heading" mb="md">
            What we collect, why, and for how long
          </Title>
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} aria-label="What we collect, why, and how long we keep it">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th>How long</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {COLLECTED.map(([what, why, howLong]) => (
                  <Table.Tr key={what}>
                    <Table.Td>{what}</Table.Td>
                    <Table.Td>{why}</Table.Td>
                    <Table.Td>{howLong}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text mt="md">
            Everything beyond your orders needs your consent: marketing emails are off unless you tick them, and you can withdraw them at
            any time from your profile.
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="recipients-heading">
          <Title order={2} fz="xl" id="recipients-heading" mb="md">
            Who receives it
          </Title>
          <List spacing="xs">
            <List.Item>
              The payment provider, for card payments: your order amount and email (card details go to them, never to us).
            </List.Item>
            <List.Item>The courier: your name, delivery address and phone number, to deliver and to call you.</List.Item>
            <List.Item>The mail service: your email address and the text of the mails about your account and orders.</List.Item>
            <List.Item>Google Firebase, which hosts the shop and its data in India (asia-south1).</List.Item>
          </List>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="rights-heading">
          <Title order={2} fz="xl" id="rights-heading" mb="md">
            Your rights
          </Title>
          <List spacing="xs">
            <List.Item>Get your data: Download my data in your profile gives you all of it as a file.</List.Item>
            <List.Item>Correct it: edit your profile and addresses at any time.</List.Item>
            <List.Item>
              Erase it: Delete my account in your profile erases your profile, addresses, cart and consents. Orders and invoices stay for
              the tax period above, with your name, email and phone replaced by a pseudonym where the law does not need them.
            </List.Item>
            <List.Item>Withdraw consent: switch off marketing emails in your profile.</List.Item>
            <List.Item>Complain: to our grievance officer below, and then to the Data Protection Board of India.</List.Item>
          </List>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="officer-heading">
          <Title order={2} fz="xl" id="officer-heading" mb="md">
            Grievance officer
          </Title>
          {seller ? (
            <Text>
              {seller.grievanceOfficer.name}, {seller.grievanceOfficer.designation} ·{' '}
              <Anchor href={`mailto:${seller.grievanceOfficer.email}`} c="blue.8" inherit>
                {seller.grievanceOfficer.email}
              </Anchor>{' '}
              · {seller.grievanceOfficer.phone}
            </Text>
          ) : (
            <Text>See the seller information page.</Text>
          )}
          <Anchor component={Link} to="/grievance" c="blue.8" mt="sm" display="inline-block">
            Make a complaint
          </Anchor>
        </Paper>
      </Stack>
    </Container>
  );
}
