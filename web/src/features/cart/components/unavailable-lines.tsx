import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UnavailableLine } from '../use-live-cart';

export interface UnavailableLinesProps {
  lines: readonly UnavailableLine[];
  /** The line being removed, if any. */
  busyId: string | null;
  onRemove: (lineId: string) => void;
}

/**
 * Cart lines whose product is no longer sold (deleted, or made a draft: docs/legal-metrology.md
 * "Drafts"). Checkout refuses a cart holding one, so each has its Remove button.
 */
export function UnavailableLines({ lines, busyId, onRemove }: UnavailableLinesProps) {
  if (lines.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="No longer available">
      <Stack gap="xs">
        <Text size="sm">Remove {lines.length === 1 ? 'this item' : 'these items'} to check out.</Text>
        {lines.map((line) => {
          const name = line.name ?? 'An item in your cart';
          return (
            <Group key={line.lineId} justify="space-between" wrap="wrap" gap="xs" data-testid="unavailable-line">
              <Text size="sm" fw={600}>
                {name}
              </Text>
              <Button
                size="xs"
                variant="default"
                aria-label={`Remove ${name}`}
                loading={busyId === line.lineId}
                disabled={busyId !== null}
                onClick={() => onRemove(line.lineId)}
              >
                Remove
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
