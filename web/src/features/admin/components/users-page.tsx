import { formatDateIN, type Role, type User } from '@bagshop/domain';
import { Badge, Button, Group, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { getPrivacyRequests, getUsersPage, setUserRole, type PrivacyRequest } from '../api/admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { PageHeader } from './page-header';
import { AdminTable } from './admin-table';

function fullName(user: User): string {
  return `${user.fullname?.firstname ?? ''} ${user.fullname?.lastname ?? ''}`.trim() || '—';
}

export function UsersPage() {
  useAdminTitle('Users');
  const { user: me } = useSession();
  const [data, setData] = useState<User[] | undefined>();
  const [nextAfter, setNextAfter] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [pending, setPending] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const loadPage = useCallback(async (after: string | null) => {
    setLoading(true);
    try {
      const page = await getUsersPage(after);
      setData((prev) => {
        if (!after || !prev) return page.users;
        const seen = new Set(prev.map((u) => u._id));
        return [...prev, ...page.users.filter((u) => !seen.has(u._id))];
      });
      setNextAfter(page.nextAfter);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to fetch users'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void loadPage(null);
  }, [loadPage]);

  const users = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (data ?? []).filter((u) => !q || u.email.toLowerCase().includes(q) || fullName(u).toLowerCase().includes(q));
  }, [data, search]);

  const changeRole = async (user: User, role: Role) => {
    setPending(user._id);
    try {
      const updated = await setUserRole(user._id, role);
      setData((prev) => prev?.map((u) => (u._id === user._id ? { ...u, ...updated, role } : u)));
      notify.success(role === 'admin' ? `${user.email} is now an admin` : `${user.email} is no longer an admin`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to change the role'));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Admins can manage orders, products and roles. A role change signs the user out everywhere; it applies when they sign in again."
        actions={
          <TextInput
            aria-label="Search users"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={240}
          />
        }
      />
      <AdminTable
        label="Users"
        minWidth={1000}
        columns={[
          { label: 'Name' },
          { label: 'Email' },
          { label: 'Verified' },
          { label: 'Phone' },
          { label: 'Role' },
          { label: 'Joined' },
          { label: 'Actions', align: 'right' },
        ]}
        message={loading && !data ? 'Loading users...' : users.length === 0 ? 'No users found' : null}
      >
        {users.map((u) => {
          const isMe = u._id === me?._id;
          return (
            <Table.Tr key={u._id} data-user-email={u.email}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {fullName(u)}
                  {isMe && (
                    <Text span c="dimmed" size="xs">
                      {' '}
                      (you)
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{u.email}</Text>
                <Text size="xs" c="dimmed" ff="monospace" title="User id: roles are changed by id, never by email">
                  {u._id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={u.emailVerified ? 'green' : 'yellow'} variant="light" data-verified={String(Boolean(u.emailVerified))}>
                  {u.emailVerified ? 'Email verified' : 'Not verified'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{u.phonenumber || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={u.role === 'admin' ? 'violet' : 'gray'} variant="light" data-role={u.role}>
                  {u.role === 'admin' ? 'Admin' : 'Customer'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateIN(u.createdAt)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                {isMe ? (
                  <Text size="xs" c="dimmed">
                    —
                  </Text>
                ) : u.role === 'admin' ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={pending === u._id}
                    disabled={pending !== null && pending !== u._id}
                    onClick={() => void changeRole(u, 'customer')}
                  >
                    Revoke admin
                  </Button>
                ) : !u.emailVerified ? (
                  <Tooltip label="Admin rights go only to accounts whose email is verified">
                    <Button size="xs" variant="light" disabled>
                      Grant admin
                    </Button>
                  </Tooltip>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    loading={pending === u._id}
                    disabled={pending !== null && pending !== u._id}
                    onClick={() => void changeRole(u, 'admin')}
                  >
                    Grant admin
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {search ? `${users.length} of ${data?.length ?? 0} loaded users match` : `${data?.length ?? 0} user(s) loaded`}
        </Text>
        {nextAfter && (
          <Button variant="default" loading={loading} onClick={() => void loadPage(nextAfter)}>
            Load more
          </Button>
        )}
      </Group>
      <PrivacyRequests />
    </>
  );
}

/** The log of shoppers' data export and erasure requests (docs/accounts-privacy.md). */
function PrivacyRequests() {
  const [rows, setRows] = useState<PrivacyRequest[] | null>(null);
  useEffect(() => {
    let live = true;
    getPrivacyRequests().then(
      (list) => live && setRows(list),
      (error: unknown) => {
        if (live) setRows([]);
        notify.error(errorMessage(error, 'Failed to fetch the data requests'));
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <Title order={2} fz="lg" mt="xl" mb="sm">
        Data requests
      </Title>
      <AdminTable
        label="Data requests"
        minWidth={600}
        columns={[{ label: 'When' }, { label: 'Request' }, { label: 'Who' }, { label: 'Orders kept' }]}
        message={rows === null ? 'Loading...' : rows.length === 0 ? 'No data requests yet' : null}
      >
        {(rows ?? []).map((r) => (
          <Table.Tr key={r._id}>
            <Table.Td>
              <Text size="sm">{formatDateIN(r.at)}</Text>
            </Table.Td>
            <Table.Td>
              <Badge color={r.type === 'erasure' ? 'red' : 'blue'} variant="light">
                {r.type === 'erasure' ? 'Account erased' : 'Data exported'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.email ?? r.subject}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.ordersKept ?? '—'}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    </>
  );
}
