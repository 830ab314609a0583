import { CATEGORY_LABELS, formatINR, ORDER_STATUSES, type AdminDashboard } from '@bagshop/domain';
import { Alert, Avatar, Badge, Card, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCalendarStats, IconCoinRupee, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { getDashboard } from '../api/admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { PageHeader } from './page-header';
import { StatusBadge } from '../../../components/status-badge';
import { FulfilmentFiguresCard } from './fulfilment-figures';
import { pictureAttributes } from '../../../lib/picture';

const dayLabel = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

export function DashboardPage() {
  useAdminTitle('Dashboard');
  const { data, error, loading } = useLoad(getDashboard);

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Revenue counts every order that is not cancelled, by day in India time (IST)." />
      {loading && !data && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading dashboard" />
        </Group>
      )}
      {Boolean(error) && !data && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Could not load the dashboard">
          {errorMessage(error)}
        </Alert>
      )}
      {data && <DashboardView data={data} />}
    </>
  );
}

function StatCard({ label, value, hint, icon }: { label: string; value: string; hint: string; icon: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={800} mt={4} data-testid="stat-value">
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {icon}
      </Group>
    </Paper>
  );
}

function DashboardView({ data }: { data: AdminDashboard }) {
  const { revenue } = data;
  const maxDay = Math.max(1, ...revenue.byDay.map((d) => d.revenue));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label="Revenue today"
          value={formatINR(revenue.today)}
          hint={`${revenue.ordersToday} order${revenue.ordersToday === 1 ? '' : 's'} today`}
          icon={<IconCoinRupee size={30} color="var(--mantine-color-teal-6)" />}
        />
        <StatCard
          label="Revenue, last 7 days"
          value={formatINR(revenue.last7Days)}
          hint={`${revenue.ordersLast7Days} order${revenue.ordersLast7Days === 1 ? '' : 's'}`}
          icon={<IconCalendarStats size={30} color="var(--mantine-color-blue-6)" />}
        />
        <StatCard
          label="All orders"
          value={String(data.totalOrders)}
          hint={`${data.ordersByStatus.pending} waiting to be confirmed`}
          icon={<IconReceipt size={30} color="var(--mantine-color-yellow-7)" />}
        />
        <StatCard
          label="Low stock"
          value={String(data.lowStock.length)}
          hint="products with 5 or fewer left"
          icon={<IconAlertTriangle size={30} color="var(--mantine-color-red-6)" />}
        />
      </SimpleGrid>

      {data.fulfilment && <FulfilmentFiguresCard figures={data.fulfilment} />}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="md">
          <Title order={3} fz="h4" mb="sm">
            Orders by status
          </Title>
          <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Orders by status">
            {ORDER_STATUSES.map((status) => (
              <Group key={status} justify="space-between" component="li">
                <StatusBadge status={status} radius="sm" />
                <Text fw={700}>{data.ordersByStatus[status]}</Text>
              </Group>
            ))}
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Title order={3} fz="h4" mb="sm">
            Revenue by day
          </Title>
          <Stack gap={6} aria-label="Revenue by day">
            {revenue.byDay.map((day) => (
              <Group key={day.date} gap="sm" wrap="nowrap">
                <Text size="sm" w={110} c="dimmed">
                  {dayLabel.format(new Date(`${day.date}T00:00:00Z`))}
                </Text>
                <Tooltip label={`${day.orders} order${day.orders === 1 ? '' : 's'}`}>
                  <div style={{ flex: 1, background: 'var(--mantine-color-gray-1)', borderRadius: 4, height: 14 }}>
                    <div
                      style={{
                        width: `${(day.revenue / maxDay) * 100}%`,
                        minWidth: day.revenue > 0 ? 4 : 0,
                        height: '100%',
                        borderRadius: 4,
                        background: 'var(--mantine-color-blue-5)',
                      }}
                    />
                  </div>
                </Tooltip>
                <Text size="sm" fw={600} w={100} ta="right">
                  {formatINR(day.revenue)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="md">
          <Title order={3} fz="h4" mb="sm">
            Low stock
          </Title>
          {data.lowStock.length === 0 ? (
            <Text c="dimmed">Every product has more than 5 in stock.</Text>
          ) : (
            <Table verticalSpacing={6} aria-label="Low stock products">
              <Table.Tbody>
                {data.lowStock.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={p.imageUrl || null} imageProps={pictureAttributes(p.imageUrl, 36)} radius="sm" size={36} alt="" />
                        <div>
                          <Text size="sm" fw={600} lineClamp={1}>
                            {p.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {CATEGORY_LABELS[p.category] ?? p.category}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" w={130}>
                      <Badge color={p.stock === 0 ? 'red' : 'orange'} variant="light">
                        {p.stock === 0 ? 'Out of stock' : `${p.stock} left`}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>

        <Card withBorder radius="md" padding="md">
          <Title order={3} fz="h4" mb="sm">
            Best sellers, last 30 days
          </Title>
          {data.bestSellers.length === 0 ? (
            <Text c="dimmed">No sales in the last 30 days.</Text>
          ) : (
            <Table verticalSpacing={6} aria-label="Best sellers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Sold</Table.Th>
                  <Table.Th ta="right">Revenue</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.bestSellers.map((p, i) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Text size="sm" c="dimmed" w={16}>
                          {i + 1}
                        </Text>
                        <Avatar src={p.imageUrl || null} imageProps={pictureAttributes(p.imageUrl, 36)} radius="sm" size={36} alt="" />
                        <Text size="sm" fw={600} lineClamp={1}>
                          {p.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{p.quantity}</Table.Td>
                    <Table.Td ta="right">{formatINR(p.revenue)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
