import { fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../testing/render';
import { QuantityInput } from './quantity-input';

function Box({ max = 5 }: { max?: number }) {
  const [value, setValue] = useState(1);
  return <QuantityInput name="quantity" label="Quantity" value={value} min={1} max={max} onChange={setValue} />;
}

describe('QuantityInput', () => {
  it('is a labelled text box of its form, with a numeric keypad', () => {
    render(<Box />);
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    expect(box).toHaveAttribute('name', 'quantity');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).toHaveValue('1');
  });

  it('steps with Up and Down within min and max', () => {
    render(<Box max={2} />);
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveValue('2');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveValue('1');
  });

  it('keeps digits only, may be emptied while typing, and shows the clamped value after', () => {
    render(<Box max={5} />);
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    fireEvent.change(box, { target: { value: '' } });
    expect(box).toHaveValue('');
    fireEvent.change(box, { target: { value: '9x' } });
    expect(box).toHaveValue('9');
    fireEvent.blur(box);
    expect(box).toHaveValue('5');
  });
});
