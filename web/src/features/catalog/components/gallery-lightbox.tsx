import type { ProductImage } from '@bagshop/domain';
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { pictureLabel } from './picture-label';
import { pictureAttributes } from '../../../lib/picture';

/** The larger view of a product's pictures: full screen on phones, arrows and ←/→ to move. */
export default function GalleryLightbox({
  images,
  name,
  start,
  onClose,
}: {
  images: ProductImage[];
  name: string;
  start: number;
  onClose: (last: number) => void;
}) {
  const [index, setIndex] = useState(start);
  const n = images.length;
  const image = images[index] ?? images[0];
  const move = (step: number) => setIndex((i) => Math.max(0, Math.min(n - 1, i + step)));
  return (
    <Modal
      opened
      onClose={() => onClose(index)}
      title={name}
      size="xl"
      fullScreen={typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 40em)').matches}
      centered
      closeButtonProps={{ 'aria-label': 'Close larger view' }}
    >
      <div
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          else if (event.key === 'ArrowLeft') move(-1);
        }}
      >
        {image && (
          <img
            {...pictureAttributes(image.url, 'lightbox')}
            alt={pictureLabel(name, index, n)}
            style={{
              display: 'block',
              width: '100%',
              maxHeight: '75vh',
              objectFit: 'contain',
              background: 'var(--mantine-color-gray-0)',
              borderRadius: 12,
            }}
          />
        )}
        {n > 1 && (
          <Group justify="center" gap="md" mt="md">
            <ActionIcon
              variant="default"
              size="xl"
              radius="xl"
              onClick={() => move(-1)}
              disabled={index === 0}
              aria-label="Previous picture"
            >
              <IconChevronLeft aria-hidden />
            </ActionIcon>
            <Text fw={700} aria-live="polite">
              {index + 1} / {n}
            </Text>
            <ActionIcon
              variant="default"
              size="xl"
              radius="xl"
              onClick={() => move(1)}
              disabled={index === n - 1}
              aria-label="Next picture"
            >
              <IconChevronRight aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </div>
    </Modal>
  );
}
