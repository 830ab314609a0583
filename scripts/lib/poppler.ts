import { spawnSync } from 'node:child_process';

/** Whether a command is on the PATH. */
function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The invoice tests read the PDFs' text with Debian's poppler-utils (pdftotext, pdftoppm);
 * install it with apt when we can, as for Chromium.
 */
export function ensurePoppler(): void {
  if (onPath('pdftotext') && onPath('pdftoppm')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      'pdftotext is missing (the invoice PDF tests need it). Install it: sudo apt-get update && sudo apt-get install -y poppler-utils',
    );
  }
  console.log('▶ Installing poppler-utils with apt-get…');
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'poppler-utils']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}
