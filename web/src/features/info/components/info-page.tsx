import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type InfoTopic = 'shipping' | 'returns' | 'warranty' | 'contact';

interface Section {
  heading: string;
  body: ReactNode;
}

interface Info {
  title: string;
  intro: string;
  sections: Section[];
}

// Brief, real content, consistent with the promises on the home page (spec §1, §9).
export const INFO: Record<InfoTopic, Info> = {
  shipping: {
    title: 'Shipping & Delivery',
    intro: 'Free shipping on all orders, to every PIN code in India.',
    sections: [
      {
        heading: 'How fast',
        body: (
          <List spacing={4}>
            <List.Item>Standard delivery: 2-3 business days after your order is confirmed.</List.Item>
            <List.Item>Express delivery to major cities (Delhi NCR, Mumbai, Bengaluru, Chennai, Hyderabad, Kolkata, Pune): usually the next business day.</List.Item>
            <List.Item>Remote areas and the North-East may take a day or two longer; we tell you when we ship.</List.Item>
          </List>
        ),
      },
      {
        heading: 'What it costs',
        body: <Text>Nothing. Shipping is free on all orders, with no minimum, whether you pay online or cash on delivery.</Text>,
      },
      {
        heading: 'Tracking your order',
        body: (
          <Text>
            Your order moves from pending to confirmed, shipped and completed. Follow it any time under{' '}
            <Anchor component={Link} to="/orders">
              My Orders
            </Anchor>
            .
          </Text>
        ),
      },
    ],
  },
  returns: {
    title: 'Returns & Refunds',
    intro: 'Changed your mind? Return any unused bag within 7 days of delivery.',
    sections: [
      {
        heading: 'Cancelling',
        body: <Text>You can cancel an order yourself from My Orders while it is still pending. Anything you paid online is refunded in full.</Text>,
      },
      {
        heading: 'Returning',
        body: (
          <List spacing={4}>
            <List.Item>Bags must be unused, with tags and original packaging.</List.Item>
            <List.Item>Write to us with your order number; we arrange a free pickup.</List.Item>
            <List.Item>Refunds go back to your card within 5-7 business days of pickup; cash-on-delivery orders are refunded to your bank account.</List.Item>
          </List>
        ),
      },
    ],
  },
  warranty: {
    title: 'Lifetime Warranty',
    intro: 'Every bag is built for a 5-year lifespan of daily use, and we stand behind it for life.',
    sections: [
      {
        heading: 'What is covered',
        body: (
          <List spacing={4}>
            <List.Item>Zips, stitching, handles, wheels, telescopic trolley handles and shell cracks from manufacturing faults.</List.Item>
            <List.Item>We repair the bag, or replace it with the same or a similar model if it cannot be repaired.</List.Item>
          </List>
        ),
      },
      {
        heading: 'What is not',
        body: <Text>Normal wear and tear (scuffs, fading), airline or accidental damage, and misuse.</Text>,
      },
      {
        heading: 'How to claim',
        body: <Text>Send us your order number and a photo of the problem. No receipt needed beyond your Bagshop order.</Text>,
      },
    ],
  },
  contact: {
    title: 'Contact Us',
    intro: 'Questions about an order, a bag or a warranty claim? We are happy to help.',
    sections: [
      {
        heading: 'Write or call',
        body: (
          <List spacing={4}>
            <List.Item>
              Email:{' '}
              <Anchor href="mailto:support@bagshop.example" c="blue.8">
                support@bagshop.example
              </Anchor>{' '}
              (we reply within one business day)
            </List.Item>
            <List.Item>
              Phone:{' '}
              <Anchor href="tel:+918000000000" c="blue.8">
                +91 80000 00000
              </Anchor>{' '}
              (Monday to Saturday, 10:00-19:00 IST)
            </List.Item>
          </List>
        ),
      },
      {
        heading: 'Our address',
        body: <Text>Bagshop, 2nd Floor, 14 Residency Road, Bengaluru 560025, Karnataka, India</Text>,
      },
    ],
  },
};

export function InfoPage({ topic }: { topic: InfoTopic }) {
  const info = INFO[topic];
  return (
    <Container size="md" py={{ base: 'xl', md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{info.title}</Title>
          <Text fz="lg" c="gray.8" mt="xs">
            {info.intro}
          </Text>
        </div>
        {info.sections.map((s) => (
          <Stack component="section" key={s.heading} gap={6}>
            <Title order={2} fz="xl">
              {s.heading}
            </Title>
            <div>{s.body}</div>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}

export default InfoPage;
