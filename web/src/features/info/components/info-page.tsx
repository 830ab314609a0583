import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_RETURN_WINDOW_DAYS, DEFAULT_WARRANTY_TERMS, warrantyPageText, type WarrantyTerms } from '@bagshop/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ShippingCosts, ShippingZones } from '../../../components/shipping-zones';
import { SellerContact } from '../../../components/seller-contact';
import { useSeller } from '../../../components/sold-by';

export type InfoTopic = 'shipping' | 'returns' | 'refunds' | 'cancellation' | 'warranty' | 'contact';

interface Section {
  heading: string;
  body: ReactNode;
}

interface Info {
  title: string;
  intro: string;
  sections: Section[];
}

/** The warranty page, every line generated from the seller's terms (docs/warranty.md). */
function warrantyInfo(terms: WarrantyTerms): Info {
  const text = warrantyPageText(terms);
  const list = (items: string[]) => (
    <List spacing={4}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
  return {
    title: text.title,
    intro: text.intro,
    sections: [
      { heading: 'What is covered', body: list(text.covered) },
      { heading: 'What is not', body: list(text.notCovered) },
      ...(text.lifetimeMeans ? [{ heading: 'What lifetime means', body: <Text>{text.lifetimeMeans}</Text> }] : []),
      {
        heading: 'How to claim',
        body: (
          <>
            {list(text.howToClaim)}
            <Text mt="xs">
              <Anchor component={Link} to="/warranty/claims" c="blue.8">
                Your warranty claims
              </Anchor>
            </Text>
          </>
        ),
      },
    ],
  };
}

// Brief, real content, consistent with the promises on the home page (docs/spec.md §1, §9).
// The return window comes from the seller settings (`returnWindowDays`, docs/returns.md).
export const infoFor = (days: number, warranty: WarrantyTerms = DEFAULT_WARRANTY_TERMS): Record<InfoTopic, Info> => ({
  shipping: {
    title: 'Shipping & Delivery',
    intro: 'Free standard shipping on all orders, to every PIN code in India.',
    sections: [
      {
        heading: 'How fast',
        body: <ShippingZones />,
      },
      {
        heading: 'What it costs',
        body: <ShippingCosts />,
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
    title: 'Returns Policy',
    intro:
      days > 0
        ? `Changed your mind? Return any unused bag within ${days} days of delivery.`
        : 'This shop does not take returns of used or unwanted bags; a damaged or wrong bag is replaced (contact us).',
    sections: [
      {
        heading: 'What can be returned',
        body: (
          <List spacing={4}>
            <List.Item>
              Any bag, within {days} days of delivery, unused, with its tags and original packaging, unless its page says it is not
              returnable.
            </List.Item>
            <List.Item>A bag that arrived damaged or is not what you ordered: tell us within 48 hours of delivery, with a photo.</List.Item>
          </List>
        ),
      },
      {
        heading: 'How to return',
        body: (
          <List spacing={4}>
            <List.Item>
              Open the order in My Orders and choose <b>Return or exchange</b> beside the bag: pick how many, the reason (a damaged or wrong
              bag needs a photo), and a refund or another size or colour at the same price. We arrange a free pickup from your delivery
              address.
            </List.Item>
            <List.Item>Paid cash on delivery? Give a UPI id or a bank account (with its IFSC) for the refund.</List.Item>
            <List.Item>
              Once the bag reaches our warehouse and passes a check, the refund starts (see the{' '}
              <Anchor component={Link} to="/refunds" c="blue.8">
                refund policy
              </Anchor>
              ).
            </List.Item>
          </List>
        ),
      },
    ],
  },
  refunds: {
    title: 'Refund Policy',
    intro: 'Every refund is in full: shipping is free, so nothing is held back.',
    sections: [
      {
        heading: 'When you are refunded',
        body: (
          <List spacing={4}>
            <List.Item>A cancelled order that was paid online: at once, when it is cancelled.</List.Item>
            <List.Item>A returned bag: within 2 working days of it reaching our warehouse.</List.Item>
          </List>
        ),
      },
      {
        heading: 'Where the money goes',
        body: (
          <List spacing={4}>
            <List.Item>Paid online: back to the same card or account; your bank shows it within 5-7 working days.</List.Item>
            <List.Item>Cash on delivery: by bank transfer (NEFT/IMPS) to the account you give us, within 5-7 working days.</List.Item>
          </List>
        ),
      },
    ],
  },
  cancellation: {
    title: 'Cancellation Policy',
    intro: 'You can cancel an order yourself until it is confirmed.',
    sections: [
      {
        heading: 'Cancelling an order',
        body: (
          <List spacing={4}>
            <List.Item>
              While your order is pending, cancel it from{' '}
              <Anchor component={Link} to="/orders" c="blue.8">
                My Orders
              </Anchor>
              ; nothing is charged, and anything paid online is refunded in full.
            </List.Item>
            <List.Item>Once it is confirmed, write to us and we cancel it until it is shipped.</List.Item>
            <List.Item>Once it is shipped, refuse the parcel or return the bag within {days} days of delivery.</List.Item>
          </List>
        ),
      },
      {
        heading: 'When we cancel',
        body: (
          <Text>
            An order paid online that is not paid within 30 minutes is cancelled by itself. If we cannot deliver an order (the bag is out of
            stock or the courier no longer serves your PIN code) we cancel it, tell you, and refund anything paid in full.
          </Text>
        ),
      },
    ],
  },
  warranty: warrantyInfo(warranty),
  contact: {
    title: 'Contact Us',
    intro: 'Questions about an order, a bag or a warranty claim? We are happy to help.',
    sections: [
      { heading: 'Write or call', body: <SellerContact part="reach" /> },
      { heading: 'Our address', body: <SellerContact part="address" /> },
      {
        heading: 'Complaints',
        body: (
          <Text>
            Not resolved? Write to our{' '}
            <Anchor component={Link} to="/grievance" c="blue.8">
              grievance officer
            </Anchor>
            .
          </Text>
        ),
      },
    ],
  },
});

export function InfoPage({ topic }: { topic: InfoTopic }) {
  const seller = useSeller();
  const info = infoFor(seller?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS, seller?.warranty ?? DEFAULT_WARRANTY_TERMS)[topic];
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
