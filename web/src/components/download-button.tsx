import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { downloadApiFile } from '../lib/download';
import { notify } from '../lib/notify';

interface DownloadButtonProps extends Omit<ButtonProps, 'loading' | 'leftSection'> {
  /** The /api path of the file, e.g. `order/{id}/invoice`. */
  path: string;
  fileName: string;
  query?: Record<string, string>;
  label: string;
  /** Read by screen readers instead of the label, e.g. with the invoice number. */
  ariaLabel?: string;
}

/** Fetches an /api file with the user's token and saves it; a failure is a toast. */
export function DownloadButton({ path, fileName, query, label, ariaLabel, ...props }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadApiFile(path, fileName, query);
    } catch (error) {
      notify.error(errorMessage(error, 'The download failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      {...props}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
