import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../testing/render';
import { UnavailableLines } from './unavailable-lines';

describe('UnavailableLines', () => {
  it('names each line no longer sold and removes the one clicked', async () => {
    const onRemove = vi.fn();
    render(
      <UnavailableLines
        lines={[
          { lineId: 'v1', productId: 'p1', name: 'Draft Duffle' },
          { lineId: 'v2', productId: 'p2' },
        ]}
        busyId={null}
        onRemove={onRemove}
      />,
    );
    expect(screen.getByText('No longer available')).toBeInTheDocument();
    expect(screen.getByText('Remove these items to check out.')).toBeInTheDocument();
    expect(screen.getByText('An item in your cart')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Draft Duffle' }));
    expect(onRemove).toHaveBeenCalledWith('v1');
  });

  it('draws nothing when every line is sold', () => {
    const { container } = render(<UnavailableLines lines={[]} busyId={null} onRemove={() => {}} />);
    expect(container.querySelector('[data-testid="unavailable-line"]')).toBeNull();
    expect(screen.queryByText('No longer available')).toBeNull();
  });
});
