import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useLiveOrders } from '../use-live-orders';
import { OrderCard } from './order-card';

export function OrdersPage({ uid }: { uid: string }) {
  const { status, orders } = useLiveOrders(uid);
  return (
    <Container size="md" py="lg" px="md">
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        My Orders
      </Title>
      {status === 'loading' ? (
        <Center py={80}>
          <Loader aria-label="Loading your orders" />
        </Center>
      ) : orders.length === 0 ? (
        <Stack align="center" py={64} gap="md" ta="center">
          <IconPackageOff size={56} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text size="lg">You have not placed any orders yet.</Text>
          <Button component={Link} to="/">
            Start Shopping
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {orders.map((order) => (
            <OrderCard key={order._id} order={order} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
