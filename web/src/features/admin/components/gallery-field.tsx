import {
  GALLERY_MESSAGES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MB,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES,
  MAX_PRODUCT_IMAGES,
  type ProductImage,
} from '@bagshop/domain';
import { ActionIcon, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { pictureAttributes } from '../../../lib/picture';

/** One picture of the form's gallery: one the product has, or a file chosen now. */
export type GalleryItem = { key: string; image: ProductImage } | { key: string; file: File };

let counter = 0;
export const galleryItemsOf = (images: ProductImage[]): GalleryItem[] => images.map((image) => ({ key: image.hash || image.url, image }));
const newItem = (file: File): GalleryItem => ({ key: `new-${(counter += 1)}`, file });

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('too-many-files')) return GALLERY_MESSAGES.tooMany;
  if (codes.includes('file-invalid-type')) return IMAGE_TYPE_MESSAGE;
  if (codes.includes('file-too-large')) return IMAGE_SIZE_MESSAGE;
  return 'This file cannot be used as a product picture';
}

/** Previews of the chosen files, released when they leave the gallery. */
function usePreviews(items: GalleryItem[]): Map<string, string> {
  const files = useMemo(() => items.flatMap((i) => ('file' in i ? [i] : [])), [items]);
  const [urls, setUrls] = useState(new Map<string, string>());
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = new Map(files.map((i) => [i.key, URL.createObjectURL(i.file)]));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

/**
 * Up to six pictures: add several at once (drop or choose), move one earlier or later,
 * remove one. The first is the main picture (cards, cart, orders, link previews).
 */
export function GalleryField({
  items,
  onChange,
  disabled = false,
}: {
  items: GalleryItem[];
  onChange: (items: GalleryItem[]) => void;
  disabled?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const previews = usePreviews(items);
  const room = MAX_PRODUCT_IMAGES - items.length;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  const n = items.length;

  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id="gallery-label">
          Pictures
        </Text>
        <Text size="xs" c="dimmed" aria-live="polite">
          {n} of {MAX_PRODUCT_IMAGES}
        </Text>
      </Group>
      <Stack gap="sm" role="group" aria-labelledby="gallery-label">
        {n > 0 && (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            {items.map((item, i) => {
              const src = 'image' in item ? item.image.url : previews.get(item.key);
              const label = `Picture ${i + 1} of ${n}${i === 0 ? ' (main)' : ''}`;
              return (
                <Stack key={item.key} gap={4} data-testid="gallery-item">
                  <div
                    style={{
                      position: 'relative',
                      aspectRatio: '1',
                      borderRadius: 8,
                      background: 'var(--mantine-color-gray-1)',
                      overflow: 'hidden',
                    }}
                  >
                    {src && (
                      <img
                        {...pictureAttributes(src, 'thumb')}
                        alt={label}
                        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                      />
                    )}
                    {i === 0 && (
                      <Badge size="xs" style={{ position: 'absolute', top: 4, left: 4 }}>
                        Main
                      </Badge>
                    )}
                  </div>
                  <Group gap={2} justify="center" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="dark"
                      disabled={disabled || i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move picture ${i + 1} earlier`}
                    >
                      <IconArrowLeft size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="dark"
                      disabled={disabled || i === n - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move picture ${i + 1} later`}
                    >
                      <IconArrowRight size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={disabled}
                      onClick={() => onChange(items.filter((x) => x !== item))}
                      aria-label={`Remove picture ${i + 1}`}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              );
            })}
          </SimpleGrid>
        )}
        {room > 0 ? (
          <Dropzone
            // Mantine calls onDropAny first, then onReject, then onDrop: the message is set once here.
            onDropAny={(_accepted, rejections) => setError(rejections.length ? rejectionMessage(rejections) : null)}
            onDrop={(files) => onChange([...items, ...files.slice(0, room).map(newItem)])}
            accept={[...IMAGE_TYPES]}
            maxSize={IMAGE_MAX_BYTES}
            maxFiles={room}
            multiple
            disabled={disabled}
            aria-label="Add pictures"
            data-testid="image-dropzone"
          >
            <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={28} color="var(--mantine-color-blue-6)" />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={28} color="var(--mantine-color-red-6)" />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconPhoto size={28} color="var(--mantine-color-dimmed)" />
              </Dropzone.Idle>
              <div>
                <Text size="sm">Drop pictures here or click to choose</Text>
                <Text size="xs" c="dimmed">
                  JPEG, PNG or WebP, up to {IMAGE_MAX_MB} MB each; {room} more {room === 1 ? 'picture' : 'pictures'} allowed
                </Text>
              </div>
            </Group>
          </Dropzone>
        ) : (
          <Text size="sm" c="dimmed">
            {GALLERY_MESSAGES.tooMany}: remove one to add another.
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </div>
  );
}
