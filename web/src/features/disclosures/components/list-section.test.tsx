import { describe, expect, it } from 'vitest';
import { render, screen, within } from '../../../testing/render';
import { ListSection } from './list-section';

describe('ListSection', () => {
  it('is a region named by its heading, with one list item each and what follows the list', () => {
    render(
      <ListSection id="pay-refunds" title="Refunds" items={['Within 5–7 working days', 'To the card you paid with']}>
        <p>More in the Refund Policy.</p>
      </ListSection>,
    );
    const region = screen.getByRole('region', { name: 'Refunds' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Refunds' })).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Within 5–7 working days', 'To the card you paid with']);
    expect(within(region).getByText('More in the Refund Policy.')).toBeInTheDocument();
  });
});
