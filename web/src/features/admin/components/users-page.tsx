import { formatDateIN, type Role, type User } from '@bagshop/domain';
import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { getUsersPage, setUserRole } from '../api/admin-api';
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
        minWidth={860}
        columns={[
          { label: 'Name' },
          { label: 'Email' },
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
    </>
  );
}
