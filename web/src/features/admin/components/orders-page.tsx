import { formatDateTimeIN, formatINR, ORDER_STATUSES, shortOrderId, statusLabel, type Order, type OrderStatus } from '@bagshop/domain';
import { Button, Center, Group, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getOrder, getOrdersPage, ORDERS_PAGE_SIZE } from '../api/admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { OrderDrawer } from './order-drawer';
import { customerName, matchesSearch, orderAddressLine } from './order-format';
import { PageHeader } from './page-header';
import { StatusBadge } from '../../../components/status-badge';
import { AdminTable } from './admin-table';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))];

/**
 * All Orders (the /admin index): newest first, filtered by status on the server, paged
 * with the API cursor ('Load more'); the search box filters the orders loaded so far.
 */
export function OrdersPage() {
  useAdminTitle('All Orders');
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [search, setSearch] = useState('');
  const [orders, setOrders] = useState<Order[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean, from: string | null) => {
      const mine = reset ? ++generation.current : generation.current;
      setLoading(true);
      try {
        const page = await getOrdersPage({
          status: status === 'all' ? undefined : status,
          cursor: reset ? null : from,
          limit: ORDERS_PAGE_SIZE,
        });
        if (mine !== generation.current) return;
        setOrders((prev) => {
          if (reset) return page.orders;
          const seen = new Set(prev.map((o) => o._id));
          return [...prev, ...page.orders.filter((o) => !seen.has(o._id))];
        });
        setCursor(page.nextCursor);
        setFailed(false);
      } catch (error) {
        if (mine !== generation.current) return;
        setFailed(true);
        notify.error(errorMessage(error, 'Failed to fetch orders'));
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [status],
  );

  useEffect(() => {
    void load(true, null);
  }, [load]);

  // Opening an order re-reads it, so the drawer never acts on a stale status.
  useEffect(() => {
    if (!openId) return;
    let live = true;
    getOrder(openId).then(
      (fresh) => live && setOrders((prev) => prev.map((o) => (o._id === fresh._id ? fresh : o))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [openId]);

  // Open failed deliveries (NDR) first: the shopper has 48 hours (docs/fulfilment.md); the rest newest first.
  const visible = useMemo(() => {
    const matching = orders.filter((o) => matchesSearch(o, search));
    const open = (o: Order) => o.status === 'delivery_failed' && o.ndr?.status === 'open';
    return [...matching.filter(open), ...matching.filter((o) => !open(o))];
  }, [orders, search]);
  const open = orders.find((o) => o._id === openId) ?? null;

  const onChanged = (next: Order) => {
    setOrders((prev) =>
      status !== 'all' && next.status !== status
        ? prev.filter((o) => o._id !== next._id)
        : prev.map((o) => (o._id === next._id ? next : o)),
    );
    if (status !== 'all' && next.status !== status) setOpenId(null);
  };

  return (
    <>
      <PageHeader
        title="All Orders"
        subtitle="Newest first. Click an order to see it in full and move it along."
        actions={
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label="Search orders"
              placeholder="Order id or email"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={240}
            />
            <Select
              aria-label="Filter by status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => setStatus((v as OrderStatus | 'all' | null) ?? 'all')}
              allowDeselect={false}
              w={170}
            />
          </Group>
        }
      />
      <AdminTable
        label="All orders"
        minWidth={980}
        columns={[
          { label: 'Order ID' },
          { label: 'User' },
          { label: 'User ID' },
          { label: 'Date' },
          { label: 'Address' },
          { label: 'Total', align: 'right' },
          { label: 'Status' },
        ]}
        message={
          loading || visible.length > 0
            ? null
            : failed
              ? 'Could not load orders.'
              : search
                ? 'No loaded order matches this search.'
                : 'No orders found'
        }
        footer={
          loading && (
            <Center py="lg">
              <Loader size="sm" aria-label="Loading orders" />
            </Center>
          )
        }
      >
        {visible.map((order) => (
          <Table.Tr key={order._id} onClick={() => setOpenId(order._id)} style={{ cursor: 'pointer' }} data-order-id={order._id}>
            <Table.Td>
              <Button
                variant="subtle"
                size="compact-sm"
                ff="monospace"
                onClick={() => setOpenId(order._id)}
                aria-label={`Open order #${shortOrderId(order._id)}`}
                title={order._id}
              >
                #{shortOrderId(order._id)}
              </Button>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {customerName(order)}
              </Text>
              <Text size="xs" c="dimmed">
                {order.user?.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace" c="dimmed" title={order.userId}>
                {order.userId.length > 12 ? `${order.userId.slice(0, 10)}…` : order.userId}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTimeIN(order.createdAt)}</Text>
            </Table.Td>
            <Table.Td maw={260}>
              <Text size="sm" lineClamp={2}>
                {orderAddressLine(order)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600}>
                {formatINR(order.totalAmount)}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={order.status} radius="sm" />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {search ? `${visible.length} of ${orders.length} loaded orders match` : `${orders.length} order(s) loaded`}
          {cursor ? ' · more available' : ''}
        </Text>
        {cursor && (
          <Button variant="default" onClick={() => void load(false, cursor)} loading={loading}>
            Load more
          </Button>
        )}
      </Group>
      <OrderDrawer order={open} onClose={() => setOpenId(null)} onChanged={onChanged} />
    </>
  );
}
