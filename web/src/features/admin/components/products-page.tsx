import { CATEGORY_LABELS, discountPercent, formatINR, LOW_STOCK_THRESHOLD, salePrice, type Category, type Product } from '@bagshop/domain';
import { ActionIcon, Badge, Button, Group, Image, Modal, SegmentedControl, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notify } from '../../../lib/notify';
import { deleteProduct, getProducts, type AdminProduct } from '../api/admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { PageHeader } from './page-header';
import { ProductModal } from './product-modal';
import { AdminTable } from './admin-table';
import { ProductReviewsLink } from './product-reviews-link';
import { pictureAttributes } from '../../../lib/picture';

// The spec's filter order: All Products, Backpacks, Luggage, Duffles.
const FILTERS: { value: Category | 'all'; label: string }[] = [
  { value: 'all', label: 'All Products' },
  { value: 'backpacks', label: 'Backpacks' },
  { value: 'luggage', label: 'Luggage' },
  { value: 'duffles', label: 'Duffles' },
];

type StatusFilter = 'any' | 'drafts' | 'missing';
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'any', label: 'Any status' },
  { value: 'drafts', label: 'Drafts' },
  { value: 'missing', label: 'Missing declarations' },
];

export function ProductsPage() {
  useAdminTitle('Manage Products');
  const { data, loading, reload } = useLoad(getProducts, () => notify.error('Failed to fetch products'));
  const [filter, setFilter] = useState<Category | 'all'>('all');
  const [status, setStatus] = useState<StatusFilter>('any');
  const [editing, setEditing] = useState<Product | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);

  const products = useMemo(
    () =>
      (data ?? []).filter(
        (p: AdminProduct) =>
          (filter === 'all' || p.category === filter) &&
          (status === 'any' ||
            (status === 'drafts' && p.published === false) ||
            (status === 'missing' && p.missingDeclarations.length > 0)),
      ),
    [data, filter, status],
  );

  const openAdd = () => {
    setEditing(null);
    setModalOpen(true);
  };
  const openEdit = (product: Product) => {
    setEditing(product);
    setModalOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteProduct(deleting._id);
      notify.success('Product deleted');
      setDeleting(null);
      await reload();
    } catch {
      notify.error('Delete failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Manage Products"
        subtitle={`${products.length} product(s) found`}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
            Add Product
          </Button>
        }
      />
      <SegmentedControl
        mb="md"
        value={filter}
        onChange={(v) => setFilter(v as Category | 'all')}
        data={FILTERS}
        aria-label="Category filter"
      />
      <SegmentedControl
        mb="md"
        ml={{ base: 0, sm: 'md' }}
        value={status}
        onChange={(v) => setStatus(v as StatusFilter)}
        data={STATUS_FILTERS}
        aria-label="Status filter"
      />
      <AdminTable
        label="Products"
        minWidth={900}
        columns={[
          { label: 'Image', w: 80 },
          { label: 'Product Details' },
          { label: 'Price' },
          { label: 'Category' },
          { label: 'Discount' },
          { label: 'Stock' },
          { label: 'Status' },
          { label: 'Actions', align: 'right' },
        ]}
        message={loading && !data ? 'Loading products...' : products.length === 0 ? 'No products found' : null}
      >
        {products.map((p) => (
          <Table.Tr key={p._id} data-product-id={p._id}>
            <Table.Td>
              <Image
                {...pictureAttributes(p.image.url, 56)}
                src={p.image.url || null}
                alt={p.name}
                w={56}
                h={56}
                radius="sm"
                fit="cover"
                fallbackSrc="/favicon.svg"
              />
            </Table.Td>
            <Table.Td maw={360}>
              <Text fw={600} size="sm" lineClamp={1}>
                {p.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {p.description}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600}>
                {formatINR(salePrice(p.price, p.discount))}
              </Text>
              {p.discount > 0 && (
                <Text size="xs" c="dimmed" td="line-through">
                  {formatINR(p.price)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{CATEGORY_LABELS[p.category] ?? p.category}</Badge>
            </Table.Td>
            <Table.Td>
              {p.discount > 0 ? (
                <>
                  <Text size="sm">{formatINR(p.discount)}</Text>
                  <Text size="xs" c="dimmed">
                    {discountPercent(p.price, p.discount)}% off
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={p.stock === 0 ? 'red' : p.stock <= LOW_STOCK_THRESHOLD ? 'orange' : 'gray'} variant="light">
                {p.stock === 0 ? 'Out of stock' : p.stock}
              </Badge>
            </Table.Td>
            <Table.Td data-testid="product-status">
              {p.published === false ? (
                <Badge color="orange" variant="light">
                  Draft
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  Published
                </Badge>
              )}
              {p.missingDeclarations.length > 0 && (
                <Tooltip label={p.missingDeclarations.map((m) => m.message).join('; ')} multiline w={280}>
                  <Text size="xs" c="orange.9" mt={2}>
                    {p.missingDeclarations.length} missing
                  </Text>
                </Tooltip>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ProductReviewsLink product={p} />
                <Tooltip label="Edit">
                  <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => openEdit(p)}>
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>

      <ProductModal
        opened={modalOpen}
        product={editing}
        onClose={() => setModalOpen(false)}
        onSaved={() => {
          setModalOpen(false);
          void reload();
        }}
      />

      <Modal opened={deleting !== null} onClose={() => !busy && setDeleting(null)} title="Delete Product" centered>
        <Text size="sm">Are you sure you want to delete this product? This action cannot be undone.</Text>
        {deleting && (
          <Text size="sm" fw={600} mt="xs">
            {deleting.name}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirmDelete()} loading={busy}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
